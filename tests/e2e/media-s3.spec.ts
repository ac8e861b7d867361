import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { keepShot } from './shots.ts';

// Media with S3_BUCKET set, in a real browser: the browser PUTs the file straight to the bucket (an S3-compatible
// server on loopback, s3rver, with the CORS rule the README asks for), and plays lessons through the presigned
// redirect, so the Content-Security-Policy and CORS setup of an S3 deployment are what is tested here. A second
// app server of its own runs with the S3 settings (the other journeys use the disk store).

const ROOT = path.resolve(import.meta.dirname, '../..');
const VIDEO_FILE = path.join(ROOT, 'src/server/db/seed-media/demo-video.mp4');
const PDF_FILE = path.join(ROOT, 'src/server/db/seed-media/demo-presentation.pdf');
const SHOTS = path.join(ROOT, 'test-results/media-screens');
const PORT = Number(process.env.E2E_PORT ?? 3100) + 10;
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@tradeskills.test', password: 'AdminPass123!' };
const STUDENT = { email: 'student@tradeskills.local', password: 'StudentPass123!' };

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${BASE}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

let s3: { run(): Promise<AddressInfo>; close(): Promise<void> };
let s3Dir: string;
let s3Endpoint = '';
let server: ChildProcess;
const dataDir = path.join(ROOT, '.tmp/e2e-s3-data');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-e2e-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'media', configs: [Buffer.from(CORS)] }],
  });
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '1',
      DEMO_STUDENT_PASSWORD: STUDENT.password,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      S3_BUCKET: 'media',
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status ?? 0, { timeout: 90_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Whether the page's <video> could load the file (metadata read through the redirect to the bucket). */
async function videoLoads(page: Page, selector = 'video') {
  return page
    .locator(selector)
    .first()
    .evaluate(
      (video: HTMLVideoElement) =>
        new Promise<{ duration: number; src: string }>((resolve, reject) => {
          const done = () => resolve({ duration: video.duration, src: video.currentSrc });
          if (video.readyState >= 1) return done();
          video.addEventListener('loadedmetadata', done, { once: true });
          video.addEventListener('error', () => reject(new Error(`video error ${video.error?.code}`)), {
            once: true,
          });
          video.load();
        }),
    );
}

test('with S3: an admin uploads straight to the bucket and an enrolled student plays the lesson', async ({
  browser,
}) => {
  // Two browsers, an upload and a second server: more than the default 30 s on a slow machine.
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  const violations: string[] = [];
  admin.on('console', (message) => {
    if (/Content Security Policy|CORS/i.test(message.text())) violations.push(message.text());
  });
  await signIn(admin, ADMIN);
  await admin.goto(`${BASE}/admin/media`);
  await admin
    .getByLabel('Topic')
    .selectOption({ label: 'Introduction to Drainage — Foul, surface and combined systems' });
  const videoSlot = admin.getByRole('region', { name: 'Video lesson' });
  const pdfSlot = admin.getByRole('region', { name: 'Presentation (PPT/PDF)' });

  // The upload URL the server hands out is the bucket's presigned PUT, not our own server.
  const uploadTarget = admin.waitForResponse((res) => res.url().endsWith('/api/objects/upload'));
  await videoSlot.getByRole('button', { name: 'Replace' }).click();
  let chooser = admin.waitForEvent('filechooser');
  await videoSlot.getByRole('button', { name: 'Upload Video' }).click();
  await (await chooser).setFiles(VIDEO_FILE);
  expect((await (await uploadTarget).json()).uploadURL).toContain(`${s3Endpoint}/media/`);
  await expect(notifications(admin).getByText('Video uploaded successfully')).toBeVisible({
    timeout: 20_000,
  });
  await expect(videoSlot.getByText('Video uploaded')).toBeVisible();
  const played = await videoLoads(admin);
  expect(played.duration).toBeGreaterThan(7);
  expect(played.src).toMatch(/\/objects\/video\//);

  await pdfSlot.getByRole('button', { name: 'Replace' }).click();
  chooser = admin.waitForEvent('filechooser');
  await pdfSlot.getByRole('button', { name: 'Upload Presentation' }).click();
  await (await chooser).setFiles(PDF_FILE);
  await expect(notifications(admin).getByText('Presentation uploaded successfully')).toBeVisible({
    timeout: 20_000,
  });
  await keepShot(admin, { path: `${SHOTS}/media-library-s3-1280.png`, fullPage: true });
  const topics = (await (await admin.request.get(`${BASE}/api/media/topics`)).json()) as {
    title: string;
    presentationPath: string | null;
  }[];
  const slides = topics.find((t) => t.title === 'Foul, surface and combined systems')?.presentationPath;
  expect(slides).toMatch(/^\/objects\/presentation\//);
  expect(violations).toEqual([]);
  await adminContext.close();

  // The enrolled demo student opens that lesson in the portal and the video plays from the bucket.
  const studentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const student = await studentContext.newPage();
  student.on('console', (message) => {
    if (/Content Security Policy|CORS/i.test(message.text())) violations.push(message.text());
  });
  await signIn(student, STUDENT);
  await student.goto(`${BASE}/dashboard`);
  await student
    .getByRole('button', { name: /^Continue / })
    .first()
    .click();
  await student
    .getByRole('button', { name: /^Start Topic/ })
    .first()
    .click();
  await expect(student.getByLabel(/^Video lesson:/)).toBeVisible();
  expect((await videoLoads(student)).duration).toBeGreaterThan(7);
  await keepShot(student, { path: `${SHOTS}/student-lesson-s3-390.png`, fullPage: true });
  // Lesson files are behind the same rule as on disk: signed out, no redirect to the bucket. (This lesson's video
  // is the course's public preview; its slides are not.)
  expect((await fetch(`${BASE}${slides}`, { redirect: 'manual' })).status).toBe(401);
  const signedIn = await student.request.get(`${BASE}${slides}`, { maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers().location).toContain(`${s3Endpoint}/media/`);
  expect(violations).toEqual([]);
  await studentContext.close();
});
