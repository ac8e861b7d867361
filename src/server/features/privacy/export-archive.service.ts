import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ObjectStore } from '#server/features/media/index.ts';
import { toCsv } from '#server/lib/csv.util.ts';
import { RETENTION_SCHEDULE } from '#shared/retention-schedule.ts';
import type { Row } from './person.repo.ts';

// The export ZIP (README 'Your data'), streamed into the object store: every entry is stored (not deflated) with
// its size known beforehand, so yazl knows the archive's exact length before the first byte and the store takes
// it as one streamed upload. Nothing but the small JSON/CSV files is ever in memory; a person's files pass
// through in chunks (bench/export.bench.ts measures it with 200 MB of evidence).

export interface RecordFile {
  name: string;
  describe: string;
  rows: Row[];
}

/** A file of the person's, read from the store (or made, like a PDF) when the archive reaches it. */
export interface PersonFile {
  path: string;
  describe: string;
  size: number;
  open: () => Promise<Readable>;
}

export interface ArchiveInput {
  /** "Jo Bloggs <jo@example.com>", for the README. */
  person: string;
  createdAt: Date;
  records: RecordFile[];
  files: PersonFile[];
}

const cell = (value: unknown): string | number | boolean | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
};

function csvOf(rows: Row[]): string {
  const header = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return toCsv(
    header,
    rows.map((r) => header.map((h) => cell(r[h]))),
  );
}

function readme(input: ArchiveInput, entries: { path: string; describe: string }[]): string {
  const width = Math.max(...entries.map((e) => e.path.length)) + 2;
  return [
    'TradeSkills: a copy of your data',
    '================================',
    '',
    `For: ${input.person}`,
    `Made: ${input.createdAt.toISOString()}`,
    '',
    'This archive holds everything TradeSkills keeps about you. Each kind of record comes twice: as JSON',
    '(for programs) and as CSV (for spreadsheets). Times are UTC (ISO 8601); money is in pence.',
    '',
    'Files in this archive',
    '---------------------',
    ...entries.map((e) => `${e.path.padEnd(width)}${e.describe}`),
    '',
    'Why we hold it, and for how long',
    '--------------------------------',
    ...RETENTION_SCHEDULE.flatMap((r) => [`- ${r.data}`, `  Why: ${r.why}`, `  Kept: ${r.period}`]),
    '',
    'Where it comes from and who receives it: from you, from your employer when they bought you a seat, and from',
    'the staff who teach you. Payment details go to our card processor; apprenticeship records to the funding body.',
    '',
    'Your rights: to a copy (this archive), to correct, to erase ("Delete my account" on your account page), to',
    'restrict or object, and to complain to the Information Commissioner (ico.org.uk).',
    '',
  ].join('\n');
}

/**
 * Writes the ZIP to `key` in the store, calling `onProgress` with the fraction written. Returns its size.
 */
export async function writeExportArchive(
  store: ObjectStore,
  key: string,
  input: ArchiveInput,
  onProgress: (fraction: number) => void,
): Promise<number> {
  const buffers: { path: string; describe: string; content: Buffer }[] = [];
  for (const record of input.records) {
    buffers.push({
      path: `${record.name}.json`,
      describe: `${record.describe} (JSON)`,
      content: Buffer.from(`${JSON.stringify(record.rows, null, 2)}\n`),
    });
    buffers.push({
      path: `${record.name}.csv`,
      describe: '  the same as CSV',
      content: Buffer.from(csvOf(record.rows)),
    });
  }
  const listed = [
    { path: 'README.txt', describe: 'this file' },
    ...buffers.map(({ path, describe }) => ({ path, describe })),
    ...input.files.map(({ path, describe }) => ({ path, describe })),
  ];
  const zip = new ZipFile();
  const options = { compress: false, mtime: input.createdAt };
  zip.addBuffer(Buffer.from(readme(input, listed)), 'README.txt', options);
  for (const b of buffers) zip.addBuffer(b.content, b.path, options);
  for (const file of input.files) {
    zip.addReadStreamLazy(file.path, { ...options, size: file.size }, (callback) => {
      file.open().then(
        (stream) => callback(null, stream),
        (error: Error) => callback(error, undefined as unknown as Readable),
      );
    });
  }
  // yazl passes the computed size to this callback; @types/yazl declares it without the argument.
  const end = zip.end.bind(zip) as unknown as (options: object, callback: (size: number) => void) => void;
  const total = await new Promise<number>((resolve) => end({}, resolve));
  if (total < 0) throw new Error('The export archive size could not be computed');
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      onProgress(written / total);
      callback(null, chunk);
    },
  });
  zip.outputStream.on('error', (error) => counter.destroy(error));
  await store.put(key, zip.outputStream.pipe(counter), 'application/zip', total);
  return total;
}
