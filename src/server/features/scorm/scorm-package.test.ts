import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scormPackages, storedObjects } from '#server/db/schema/index.ts';
import { seedCourse } from '#server/test/fixtures/media.ts';
import { manifestXml, scoHtml, scormZip, zipFile } from '#server/test/fixtures/scorm-zip.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { scormCalls } from './scorm-harness.ts';

// Attaching SCORM packages (README 'SCORM packages'): packages built here, checked and unpacked into the object
// store; unsafe or broken zips refused with INVALID_PACKAGE naming the reason; replace and remove delete files.

let ctx: TestContext;
let seed: Awaited<ReturnType<typeof seedCourse>>;
const calls = scormCalls(() => ctx);

beforeAll(async () => {
  ctx = await createTestApp();
  seed = await seedCourse(ctx);
});
afterAll(async () => ctx?.close());

async function refused(zip: Buffer, reason: RegExp) {
  const res = await calls.uploadAndAttach(seed.cookies.admin, seed.topic2.id, zip);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('INVALID_PACKAGE');
  expect(res.json().message).toMatch(reason);
  return res;
}

const packageRows = () => ctx.db.select().from(scormPackages);
const storeHas = async (key: string) => (await ctx.app.objectStore.stat(key)) !== null;

describe('attaching a package', () => {
  it('unpacks a SCORM 1.2 package and serves its launch page with the cross-frame runtime', async () => {
    const zipPath = await calls.uploadZip(
      seed.cookies.admin,
      scormZip('1.2', { extra: [{ name: 'assets/app.js', data: 'window.ok = 1;' }] }),
    );
    const res = await calls.attach(seed.cookies.admin, seed.topic.id, zipPath);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.2', title: 'Safe isolation (SCORM 1.2)' });
    expect(body.launchUrl).toMatch(/^\/scorm-content\/[^/]+\/index\.html$/);

    const page = await calls.file(body.launchUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(page.body).toMatch(/<head><script src="\/scorm-runtime\.js"><\/script>/);
    expect(page.body).toContain("var V = '1.2'");

    const asset = await calls.file(body.launchUrl.replace('index.html', 'assets/app.js'));
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('window.ok = 1;');
    expect(asset.headers['content-type']).toContain('text/javascript');
    const ranged = await calls.file(body.launchUrl.replace('index.html', 'assets/app.js'), {
      range: 'bytes=0-5',
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('window');

    // The zip itself is gone once unpacked; the files live under the topic.
    const [pkg] = await packageRows();
    expect(pkg!.files.sort()).toEqual(['assets/app.js', 'imsmanifest.xml', 'index.html']);
    expect(await storeHas(`scorm/${seed.topic.id}/${pkg!.id}/index.html`)).toBe(true);
    const zipRows = await ctx.db
      .select()
      .from(storedObjects)
      .where(eq(storedObjects.key, zipPath.slice(9)));
    expect(zipRows).toHaveLength(0);

    const runtime = await calls.file('/scorm-runtime.js');
    expect(runtime.statusCode).toBe(200);
    expect(runtime.body).toContain('CrossFrameAPI');
  });

  it('refuses files by forged, tampered or path-escaping URLs', async () => {
    const launch = (await calls.getScorm(seed.cookies.admin, seed.topic.id)).json().launchUrl as string;
    const [, , token] = launch.split('/');
    const tampered = `${token!.slice(0, -2)}AA`;
    expect((await calls.file(`/scorm-content/${tampered}/index.html`)).statusCode).toBe(404);
    expect((await calls.file(`/scorm-content/nonsense/index.html`)).statusCode).toBe(404);
    expect((await calls.file(launch.replace('index.html', '..%2F..%2Fetc%2Fpasswd'))).statusCode).toBe(404);
    expect((await calls.file(launch.replace('index.html', 'missing.html'))).statusCode).toBe(404);
  });

  it('reads a SCORM 2004 package with a mastery score', async () => {
    const res = await calls.uploadAndAttach(
      seed.cookies.admin,
      seed.topic2.id,
      scormZip('2004', { mastery: 0.8 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: '2004', title: 'Safe isolation (SCORM 2004)' });
    const [pkg] = await ctx.db.select().from(scormPackages).where(eq(scormPackages.topicId, seed.topic2.id));
    expect(pkg!.masteryScore).toBeCloseTo(0.8);
  });

  it('is for admins and the course’s instructors only, and only for package uploads', async () => {
    const zip = scormZip('1.2');
    const student = await calls.attach(seed.cookies.enrolled, seed.topic.id, '/objects/package/x');
    expect(student.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/topics/${seed.topic.id}/package`,
      payload: { objectKey: '/objects/package/x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const path = await calls.uploadZip(seed.cookies.admin, zip);
    const unknownTopic = await calls.attach(seed.cookies.admin, crypto.randomUUID(), path);
    expect(unknownTopic.statusCode).toBe(404);
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: seed.cookies.admin },
      payload: { fileType: 'package', contentType: 'application/zip', size: 501 * 1024 * 1024 },
    });
    expect(tooBig.statusCode).toBe(413);
    const notZip = await ctx.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: seed.cookies.admin },
      payload: { fileType: 'package', contentType: 'application/pdf' },
    });
    expect(notZip.statusCode).toBe(415);
  });
});

describe('unsafe and broken packages', () => {
  it('refuses an entry outside the package folder (zip slip), and writes nothing', async () => {
    const before = (await packageRows()).length;
    await refused(scormZip('1.2', { extra: [{ name: '../../evil.html', data: 'x' }] }), /outside its folder/);
    await refused(scormZip('1.2', { extra: [{ name: '/etc/evil.html', data: 'x' }] }), /outside its folder/);
    await refused(
      scormZip('1.2', { extra: [{ name: 'a/../../evil.html', data: 'x' }] }),
      /outside its folder/,
    );
    expect((await packageRows()).length).toBe(before);
  });

  it('refuses a symbolic link', async () => {
    await refused(
      scormZip('1.2', { extra: [{ name: 'link.html', data: '/etc/passwd', symlink: true }] }),
      /symbolic link/,
    );
  });

  it('refuses a zip bomb: declared sizes over the limit, or inflating past what it declares', async () => {
    // Declares 3 GB (limit 2 GB) while its bytes are tiny.
    await refused(
      scormZip('1.2', { extra: [{ name: 'big.bin', data: Buffer.alloc(1024), declaredSize: 3 * 2 ** 30 }] }),
      /more than 2048 MB/,
    );
    // Declares 100 bytes but inflates to 8 MB of zeros.
    await refused(
      scormZip('1.2', { extra: [{ name: 'bomb.bin', data: Buffer.alloc(8 * 2 ** 20), declaredSize: 100 }] }),
      /does not match its declared size/,
    );
  });

  it('refuses more than 10,000 files', async () => {
    const extra = Array.from({ length: 10_000 }, (_, i) => ({ name: `f/${i}.txt`, data: '' }));
    await refused(scormZip('1.2', { extra }), /more than 10000 files/);
  });

  it('refuses a package without a manifest, with a manifest that does not parse, or names a missing launch file', async () => {
    await refused(scormZip('1.2', { manifest: null }), /no imsmanifest\.xml/);
    await refused(
      scormZip('1.2', { manifest: '<manifest><organizations>' }),
      /does not parse|no SCORM version/,
    );
    await refused(
      scormZip('1.2', {
        manifest: manifestXml('1.2', 'T')
          .replace('<schemaversion>1.2</schemaversion>', '')
          .replace('adlcp_rootv1p2', 'x'),
      }),
      /no SCORM version/,
    );
    await refused(
      zipFile([
        { name: 'imsmanifest.xml', data: manifestXml('2004', 'T') },
        { name: 'other.html', data: scoHtml('2004', 'T') },
      ]),
      /launch file index\.html is not in the package/,
    );
    await refused(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200)]), /not a readable zip/);
  });
});

describe('replacing and removing', () => {
  it('replaces a package: the old files and URLs go, the new one plays', async () => {
    const oldLaunch = (await calls.getScorm(seed.cookies.admin, seed.topic.id)).json().launchUrl as string;
    const [old] = await ctx.db.select().from(scormPackages).where(eq(scormPackages.topicId, seed.topic.id));
    const res = await calls.uploadAndAttach(seed.cookies.admin, seed.topic.id, scormZip('2004'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe('2004');
    expect((await calls.file(oldLaunch)).statusCode).toBe(404);
    expect(await storeHas(`scorm/${seed.topic.id}/${old!.id}/index.html`)).toBe(false);
    expect(await ctx.db.select().from(scormPackages).where(eq(scormPackages.id, old!.id))).toHaveLength(0);
    expect((await calls.file(res.json().launchUrl)).statusCode).toBe(200);
  });

  it('removes a package: files deleted, the topic plays none', async () => {
    const [current] = await ctx.db
      .select()
      .from(scormPackages)
      .where(eq(scormPackages.topicId, seed.topic.id));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/topics/${seed.topic.id}/package`,
      headers: { cookie: seed.cookies.admin },
    });
    expect(del.statusCode).toBe(204);
    expect(await storeHas(`scorm/${seed.topic.id}/${current!.id}/index.html`)).toBe(false);
    expect((await calls.getScorm(seed.cookies.admin, seed.topic.id)).statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/topics/${seed.topic.id}/package`,
      headers: { cookie: seed.cookies.admin },
    });
    expect(again.statusCode).toBe(404);
    // Every attach, replacement and removal is in the audit trail, newest last (docs/staff.md).
    const entries = (await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, seed.topic.id)))
      .filter((a) => a.action === 'topic.package')
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.at(-1)!.summary).toMatch(/^package: .+ → —$/);
    expect(entries.at(-2)!.summary).toMatch(/^package: .+ → .+\(SCORM 2004\)$/);
  });
});
