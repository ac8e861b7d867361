import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { SCORM_LIMITS } from '#shared/constants.ts';
import { ManifestError, type PackageManifest, parseManifest, safeRelativePath } from './manifest.util.ts';

// Checking and unpacking a SCORM zip straight from the object store (README 'SCORM packages'): the central
// directory is read first and every entry checked (inside the package, no symlink, no encryption, counts and
// declared sizes under SCORM_LIMITS), then the manifest is parsed, then each file streams from the zip into the
// store. Nothing holds the zip or a whole file in memory; yauzl stops an entry that inflates past its declared
// size, so a lying zip bomb fails as it streams.

/** Reads `length` bytes at `start` of the zip (ObjectStore.readRange); fewer at its end. */
export type RangeReader = (start: number, length: number) => Promise<Buffer>;
/** Stores one unpacked file (ObjectStore.put) under the package's folder. */
export type FileWriter = (path: string, body: Readable, size: number) => Promise<void>;

export class PackageError extends Error {}

const CHUNK = 2 * 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

class StoreReader extends yauzl.RandomAccessReader {
  constructor(private readonly readRange: RangeReader) {
    super();
  }
  /** Small reads (headers, the central directory) straight from the read-ahead block, without a stream each. */
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null) => void,
  ): void {
    this.readRange(position, length).then(
      (bytes) => {
        if (bytes.length < length) return callback(new Error('The zip ended early'));
        bytes.copy(buffer, offset, 0, length);
        callback(null);
      },
      (error: Error) => callback(error),
    );
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const read = this.readRange;
    return Readable.from(
      (async function* () {
        for (let at = start; at < end; ) {
          const bytes = await read(at, Math.min(CHUNK, end - at));
          if (!bytes.length) throw new Error('The zip ended early');
          at += bytes.length;
          yield bytes;
        }
      })(),
    );
  }
}

/**
 * yauzl reads the central directory and each local header in small pieces; one block read ahead serves them
 * from memory, so a package of 10,000 files costs a few store reads (a few GETs with S3), not 20,000.
 */
function readAhead(readRange: RangeReader, size: number): RangeReader {
  let block: { start: number; bytes: Buffer } = { start: 0, bytes: Buffer.alloc(0) };
  return async (start, length) => {
    if (length >= CHUNK) return readRange(start, length);
    const end = Math.min(start + length, size);
    if (start < block.start || end > block.start + block.bytes.length) {
      block = { start, bytes: await readRange(start, Math.min(CHUNK, size - start)) };
    }
    return block.bytes.subarray(start - block.start, end - block.start);
  };
}

function openZip(readRange: RangeReader, size: number): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true };
    yauzl.fromRandomAccessReader(new StoreReader(readAhead(readRange, size)), size, options, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

function readEntries(zip: yauzl.ZipFile, limits: typeof SCORM_LIMITS): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    const fail = (message: string) => {
      zip.removeAllListeners();
      reject(new PackageError(message));
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.length >= limits.maxFiles)
        return fail(`The package has more than ${limits.maxFiles} files`);
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
        return fail(`The package holds a symbolic link (${entry.fileName})`);
      if (entry.generalPurposeBitFlag & 1)
        return fail(`The package holds an encrypted file (${entry.fileName})`);
      declared += entry.uncompressedSize;
      if (declared > limits.maxUnpackedBytes)
        return fail(`The package unpacks to more than ${Math.round(limits.maxUnpackedBytes / 2 ** 20)} MB`);
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(error));
    zip.readEntry();
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      // Whoever consumes the stream sees its errors; this keeps a second emission from going unhandled.
      stream.on('error', () => {});
      resolve(stream);
    }),
  );
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<string> {
  if (entry.uncompressedSize > maxBytes) throw new PackageError('imsmanifest.xml is too large');
  const chunks: Buffer[] = [];
  for await (const chunk of await entryStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** A message naming what is wrong, for INVALID_PACKAGE; yauzl's own errors are about broken or unsafe zips. */
function reasonOf(error: unknown): string {
  if (error instanceof PackageError || error instanceof ManifestError) return error.message;
  const message = (error as Error).message ?? String(error);
  if (/invalid relative path|absolute path/i.test(message))
    return `The package has an entry outside its folder (${message.replace(/^.*?: /, '')})`;
  if (/too many bytes|too few bytes|uncompressedSize/i.test(message))
    return 'A file in the package does not match its declared size (zip bomb?)';
  return `The file is not a readable zip (${message})`;
}

export interface UnpackResult {
  manifest: PackageManifest;
  files: string[];
  unpackedBytes: number;
}

/**
 * Checks the zip and unpacks it through `write`. On a bad package it throws PackageError with the reason (files
 * already written are listed in `written` for the caller to delete).
 */
export async function unpackPackage(
  readRange: RangeReader,
  size: number,
  write: FileWriter,
  written: string[],
  limits: typeof SCORM_LIMITS = SCORM_LIMITS,
): Promise<UnpackResult> {
  let zip: yauzl.ZipFile | null = null;
  try {
    zip = await openZip(readRange, size);
    const entries = await readEntries(zip, limits);
    const files = entries.filter((e) => !e.fileName.endsWith('/'));
    for (const entry of files) {
      if (safeRelativePath(entry.fileName) !== entry.fileName)
        throw new PackageError(`The package has an entry outside its folder (${entry.fileName})`);
    }
    const manifestEntry = files.find((e) => e.fileName.toLowerCase() === 'imsmanifest.xml');
    if (!manifestEntry) throw new PackageError('The package has no imsmanifest.xml at its top level');
    const manifest = parseManifest(await readManifest(zip, manifestEntry, limits.maxManifestBytes));
    if (!files.some((e) => e.fileName === manifest.launchFile))
      throw new PackageError(`The launch file ${manifest.launchFile} is not in the package`);
    let unpackedBytes = 0;
    for (const entry of files) {
      written.push(entry.fileName);
      await write(entry.fileName, await entryStream(zip, entry), entry.uncompressedSize);
      unpackedBytes += entry.uncompressedSize;
    }
    return { manifest, files: files.map((e) => e.fileName), unpackedBytes };
  } catch (error) {
    throw new PackageError(reasonOf(error));
  } finally {
    zip?.close();
  }
}
