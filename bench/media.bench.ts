// Media: a 500 MB upload through the disk store's signed PUT, with the server in its own process so its memory
// is measured alone: peak RSS growth (goal < 64 MB: the body streams to disk, never buffered) and throughput on
// loopback (goal ≥ 200 MB/s), beside a bare Node http → file server as the baseline; then the time to first
// byte of a Range request in the middle of that file, beside GET /healthz.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './run.ts';

const SIZE = 500 * 1024 * 1024;

/**
 * Where DATA_DIR goes: MEDIA_BENCH_DIR, else tmpfs (/dev/shm) when there is one, so the number is the server's
 * own cost rather than this machine's disk (set MEDIA_BENCH_DIR=/tmp to include the disk).
 */
function benchRoot(): string {
  if (process.env.MEDIA_BENCH_DIR) return process.env.MEDIA_BENCH_DIR;
  return fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}
const MB = 1024 * 1024;
const ADMIN = { email: 'bench-admin@example.com', password: 'BenchPass123!' };

interface Ready {
  port: number;
  rawPort: number;
  dir: string;
}

// ── The server process ────────────────────────────────────────────────────────────────────────────
if (process.env.MEDIA_BENCH_SERVER === '1') {
  const { buildApp } = await import('#server/app.ts');
  const { benchConfig } = await import('./config.ts');
  const { openDatabase } = await import('#server/db/client.ts');
  const { users } = await import('#server/db/schema/index.ts');
  const { hashPassword } = await import('#server/lib/passwords.util.ts');
  const dir = fs.mkdtempSync(path.join(benchRoot(), 'media-bench-'));
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  await database.db.insert(users).values({
    email: ADMIN.email,
    passwordHash: await hashPassword(ADMIN.password),
    role: 'admin',
    firstName: 'Bench',
  });
  const app = await buildApp(benchConfig({ dataDir: dir }), { database }, { clientDir: '/none' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const raw = http.createServer((req, res) => {
    pipeline(req, fs.createWriteStream(path.join(dir, 'raw.bin'))).then(
      () => res.end('ok'),
      () => res.destroy(),
    );
  });
  await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  const port = (app.server.address() as { port: number }).port;
  const rawPort = (raw.address() as { port: number }).port;
  process.send?.({ port, rawPort, dir } satisfies Ready);
  process.on('disconnect', () => process.exit(0));
}

// ── The client side (npm run bench) ───────────────────────────────────────────────────────────────
function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(text);
  return match ? Number(match[1]) * 1024 : 0;
}

/** PUTs SIZE bytes (an MP4 header, then filler) honouring backpressure; resolves with the status code. */
function putStream(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(MB, 7);
    chunk.writeUInt32BE(24, 0);
    chunk.write('ftypisom', 4, 'latin1');
    const filler = Buffer.alloc(MB, 7);
    const req = http.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'content-length': String(SIZE), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < SIZE) {
        const ok = req.write(sent === 0 ? chunk : filler);
        sent += MB;
        if (!ok) return req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

async function json(base: string, method: string, url: string, body?: unknown, cookie = '') {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return { res, body: (await res.json()) as Record<string, string> };
}

function ttfb(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.get(url, { headers }, (res) => {
      res.once('data', () => {
        resolve(Number(process.hrtime.bigint() - start) / 1e6);
        res.destroy();
      });
    });
    req.on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function mediaBench(): Promise<BenchResult[]> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, MEDIA_BENCH_SERVER: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const readyPromise = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const readyDir = readyPromise.then((r) => r.dir);
  try {
    const ready = await readyPromise;
    const base = `http://127.0.0.1:${ready.port}`;
    const login = await json(base, 'POST', '/api/login', ADMIN);
    const cookie = (login.res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const target = await json(base, 'POST', '/api/objects/upload', { fileType: 'video' }, cookie);

    const pid = child.pid!;
    await new Promise((r) => setTimeout(r, 500));
    const before = status(pid, 'VmRSS');
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    let sampled = before;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, status(pid, 'VmRSS'));
    }, 5);
    let t = process.hrtime.bigint();
    const code = await putStream(base + target.body.uploadURL);
    const seconds = Number(process.hrtime.bigint() - t) / 1e9;
    clearInterval(sampler);
    if (code !== 200) throw new Error(`upload answered ${code}`);
    const peak = Math.max(sampled, status(pid, 'VmHWM'));

    // Baseline, measured after ours so its buffers cannot pre-inflate the RSS we measure: the same bytes
    // into a bare Node http server (same process) that pipes to a file.
    t = process.hrtime.bigint();
    await putStream(`http://127.0.0.1:${ready.rawPort}/`);
    const rawSeconds = Number(process.hrtime.bigint() - t) / 1e9;
    fs.rmSync(path.join(ready.dir, 'raw.bin'), { force: true });
    const growthMb = (peak - before) / MB;
    const throughput = SIZE / MB / seconds;
    const rawThroughput = SIZE / MB / rawSeconds;

    const middle = SIZE / 2;
    const rangeTimes: number[] = [];
    const healthTimes: number[] = [];
    for (let i = 0; i < 25; i++) {
      rangeTimes.push(
        await ttfb(base + target.body.objectPath, { cookie, range: `bytes=${middle}-${middle + MB - 1}` }),
      );
      healthTimes.push(await ttfb(`${base}/healthz`, {}));
    }

    return [
      {
        name: 'media: 500 MB upload, server peak RSS growth',
        value: Number(growthMb.toFixed(1)),
        unit: 'MB',
        goal: '< 64 MB',
        ok: growthMb < 64,
      },
      {
        name: `media: 500 MB upload throughput (loopback, disk store in ${benchRoot()})`,
        value: Number(throughput.toFixed(1)),
        unit: 'MB/s',
        baseline: { value: Number(rawThroughput.toFixed(1)), unit: 'MB/s', label: 'bare node http → file' },
        goal: '≥ 200 MB/s',
        ok: throughput >= 200,
      },
      {
        name: 'media: time to first byte, Range in the middle of 500 MB (median of 25)',
        value: Number(median(rangeTimes).toFixed(2)),
        unit: 'ms',
        baseline: { value: Number(median(healthTimes).toFixed(2)), unit: 'ms', label: 'GET /healthz' },
      },
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r).once('error', r));
    fs.rmSync((await readyDir.catch(() => '')) || path.join(benchRoot(), 'none'), {
      recursive: true,
      force: true,
    });
  }
}
