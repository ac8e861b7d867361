// Data export (README 'Your data'): a person with 200 MB of evidence (200 files of 1 MB in the disk object store)
// and a few thousand records, written as the export ZIP into the same store by the server's own code
// (writeExportArchive) in a process of its own, so its memory is measured alone: peak RSS growth (goal < 64 MB:
// the archive streams from the files into the store, nothing holds it or a whole file), beside a plain streaming
// copy of the same files on the same disk.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './run.ts';

const MB = 1024 * 1024;
const FILES = 200;

interface ChildResult {
  seconds: number;
  peakGrowthMb: number;
  zipBytes: number;
}

const benchRoot = () => (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
const keyOf = (i: number) => `document/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

// ── The exporting process ───────────────────────────────────────────────────────────────────────────
if (process.env.EXPORT_BENCH_CHILD) {
  const { DiskObjectStore, UploadSigner } = await import('#server/features/media/index.ts');
  const { writeExportArchive } = await import('#server/features/privacy/index.ts');
  const store = new DiskObjectStore(process.env.EXPORT_BENCH_CHILD, new UploadSigner('bench'));
  const messages = Array.from({ length: 5000 }, (_, i) => ({
    from: i % 2 ? 'you' : 'Tutor',
    text: `Message ${i}: how did the soil stack go?`,
    sentAt: new Date(),
  }));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const zipBytes = await writeExportArchive(
    store,
    `export/${crypto.randomUUID()}.zip`,
    {
      person: 'Bench Person <bench@example.com>',
      createdAt: new Date(),
      records: [{ name: 'messages', describe: 'messages', rows: messages }],
      files: Array.from({ length: FILES }, (_, i) => ({
        path: `files/evidence/${i}.bin`,
        describe: 'evidence',
        size: MB,
        open: () => store.read(keyOf(i)),
      })),
    },
    () => {},
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  process.send?.({ seconds, peakGrowthMb: (peak - before) / MB, zipBytes } satisfies ChildResult);
  process.exit(0);
}

async function exportInChild(root: string): Promise<ChildResult> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, EXPORT_BENCH_CHILD: root },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as ChildResult));
    child.once('exit', (code) => code && reject(new Error(`exporting process exited (${code})`)));
  });
}

export default async function exportBench(): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(benchRoot(), 'export-bench-'));
  try {
    fs.mkdirSync(path.join(dir, 'document'), { recursive: true });
    for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(dir, keyOf(i)), randomBytes(MB));
    const copyStarted = performance.now();
    await pipeline(
      Readable.from(
        (async function* () {
          for (let i = 0; i < FILES; i++) yield* fs.createReadStream(path.join(dir, keyOf(i)));
        })(),
      ),
      fs.createWriteStream(path.join(dir, 'copy.bin')),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    fs.rmSync(path.join(dir, 'copy.bin'));
    const child = await exportInChild(dir);
    const zipMb = child.zipBytes / MB;
    console.log(`  ${zipMb.toFixed(0)} MB ZIP written in ${child.seconds.toFixed(2)} s`);
    return [
      {
        name: 'export: 200 MB of evidence, peak RSS growth',
        value: Math.round(child.peakGrowthMb * 10) / 10,
        unit: 'MB',
        goal: '< 64 MB',
        ok: child.peakGrowthMb < 64,
      },
      {
        name: 'export: 200 MB of evidence, throughput',
        value: Math.round((zipMb / child.seconds) * 10) / 10,
        unit: 'MB/s',
        baseline: {
          value: Math.round(((FILES * MB) / MB / copySeconds) * 10) / 10,
          unit: 'MB/s',
          label: 'streaming file copy',
        },
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
