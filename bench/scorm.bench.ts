// SCORM: a 200 MB package (200 files of 1 MB, incompressible, plus a manifest and the test SCO) checked and
// unpacked by the server's own code (unpackPackage over the disk object store) in a process of its own, so its
// memory is measured alone: peak RSS growth (goal < 64 MB: the zip streams, nothing holds it or a whole file)
// and throughput (goal ≥ 50 MB/s), beside a plain streaming copy of the same zip on the same disk.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './run.ts';

const MB = 1024 * 1024;
const FILES = 200;

interface ChildResult {
  seconds: number;
  peakGrowthMb: number;
  files: number;
}

const benchRoot = () => (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());

// ── The unpacking process ───────────────────────────────────────────────────────────────────────────
if (process.env.SCORM_BENCH_CHILD) {
  const { DiskObjectStore, UploadSigner } = await import('#server/features/media/index.ts');
  const { unpackPackage } = await import('#server/features/scorm/index.ts');
  const zipPath = process.env.SCORM_BENCH_CHILD;
  const store = new DiskObjectStore(path.join(path.dirname(zipPath), 'objects'), new UploadSigner('bench'));
  const handle = await fs.promises.open(zipPath, 'r');
  const size = (await handle.stat()).size;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const prefix = `scorm/${crypto.randomUUID()}/${crypto.randomUUID()}`;
  const started = performance.now();
  const result = await unpackPackage(
    async (start, length) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, start);
      return buf.subarray(0, bytesRead);
    },
    size,
    (file, body, bytes) => store.put(`${prefix}/${file}`, body, 'application/octet-stream', bytes),
    [],
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await handle.close();
  process.send?.({
    seconds,
    peakGrowthMb: (peak - before) / MB,
    files: result.files.length,
  } satisfies ChildResult);
  process.exit(0);
}

async function buildZip(file: string): Promise<number> {
  const { scormZip } = await import('#server/test/fixtures/scorm-zip.ts');
  // Built here, in the parent (which may hold it): the child that unpacks only ever reads it from disk.
  const extra = Array.from({ length: FILES }, (_, i) => ({
    name: `media/clip-${i}.bin`,
    data: randomBytes(MB),
    store: true,
  }));
  const zip = scormZip('2004', { extra });
  await fs.promises.writeFile(file, zip);
  return zip.length;
}

async function unpackInChild(zipPath: string): Promise<ChildResult> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, SCORM_BENCH_CHILD: zipPath },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as ChildResult));
    child.once('exit', (code) => code && reject(new Error(`unpacking process exited (${code})`)));
  });
}

export default async function scormBench(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(benchRoot(), 'scorm-bench-'));
  try {
    const zipPath = path.join(dir, 'package.zip');
    const size = await buildZip(zipPath);
    const copyStarted = performance.now();
    await pipeline(fs.createReadStream(zipPath), fs.createWriteStream(path.join(dir, 'copy.zip')));
    const copySeconds = (performance.now() - copyStarted) / 1000;
    fs.rmSync(path.join(dir, 'copy.zip'));
    const child = await unpackInChild(zipPath);
    const sizeMb = size / MB;
    console.log(`  ${child.files} files, ${sizeMb.toFixed(0)} MB unpacked in ${child.seconds.toFixed(2)} s`);
    return [
      {
        name: 'scorm: 200 MB package unpack, peak RSS growth',
        value: Math.round(child.peakGrowthMb * 10) / 10,
        unit: 'MB',
        goal: '< 64 MB',
        ok: child.peakGrowthMb < 64,
      },
      {
        name: 'scorm: 200 MB package unpack, throughput',
        value: Math.round((sizeMb / child.seconds) * 10) / 10,
        unit: 'MB/s',
        baseline: {
          value: Math.round((sizeMb / copySeconds) * 10) / 10,
          unit: 'MB/s',
          label: 'streaming file copy',
        },
        goal: '≥ 50 MB/s',
        ok: sizeMb / child.seconds >= 50,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
