import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

// A minimal POSIX ustar reader and writer: enough for the backup archive (regular files, names under 100 bytes),
// readable with `tar -tzf` as well. Streaming both ways, so large lesson videos never sit in memory.

const BLOCK = 512;

export interface TarEntry {
  name: string;
  size: number;
  /** The file's bytes, read once. */
  body: () => Readable | Buffer;
}

function header(name: string, size: number): Buffer {
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 100) throw new Error(`Archive entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  bytes.copy(block, 0);
  const octal = (value: number, offset: number, length: number) =>
    block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(Date.now() / 1000), 136, 12);
  block.fill(' ', 148, 156);
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

async function write(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Writes the entries as a tar stream to `out` (then ends it). */
export async function writeTar(out: Writable, entries: AsyncIterable<TarEntry> | Iterable<TarEntry>) {
  for await (const entry of entries) {
    await write(out, header(entry.name, entry.size));
    const body = entry.body();
    let written = 0;
    if (Buffer.isBuffer(body)) {
      await write(out, body);
      written = body.length;
    } else {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        written += chunk.length;
        if (written > entry.size) throw new Error(`${entry.name} grew while being archived`);
        await write(out, chunk);
      }
    }
    if (written !== entry.size) throw new Error(`${entry.name} changed size while being archived`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad) await write(out, Buffer.alloc(pad));
  }
  await write(out, Buffer.alloc(BLOCK * 2));
  out.end();
}

/**
 * Reads a tar stream: for each regular file, `onEntry` returns where its bytes go (a Writable, ended after the
 * entry), or null to skip it.
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  onEntry: (entry: { name: string; size: number }) => Promise<Writable | null>,
): Promise<void> {
  let buffer: Buffer = Buffer.alloc(0);
  let current: { left: number; pad: number; sink: Writable | null } | null = null;
  const finish = async (sink: Writable | null) => {
    if (!sink) return;
    sink.end();
    if (!sink.writableFinished) await once(sink, 'finish');
  };
  for await (const chunk of input) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (current) {
        const take = Math.min(current.left, buffer.length);
        if (take > 0) {
          if (current.sink) await write(current.sink, buffer.subarray(0, take));
          buffer = buffer.subarray(take);
          current.left -= take;
        }
        if (current.left > 0) break;
        if (buffer.length < current.pad) break;
        buffer = buffer.subarray(current.pad);
        await finish(current.sink);
        current = null;
      }
      if (buffer.length < BLOCK) break;
      const block = buffer.subarray(0, BLOCK);
      buffer = buffer.subarray(BLOCK);
      if (block.every((b) => b === 0)) return;
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const prefix = block.toString('utf8', 345, 500).replace(/\0.*$/s, '');
      const size = Number.parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
      const type = block.toString('ascii', 156, 157);
      const isFile = type === '0' || type === '\0';
      const sink = isFile ? await onEntry({ name: prefix ? `${prefix}/${name}` : name, size }) : null;
      current = { left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK, sink };
    }
  }
  if (current) throw new Error('The archive ends in the middle of a file');
}
