/** Reads `length` bytes at `start` (fewer at the end of the file). */
export type RangeReader = (start: number, length: number) => Promise<Buffer>;

const MAX_BOXES = 64;

/**
 * The duration of an MP4/QuickTime file in seconds, from its `moov/mvhd` header, reading only box headers
 * (a few small reads, wherever the `moov` box sits); null when there is none or it cannot be read.
 */
export async function mp4DurationSeconds(read: RangeReader, size: number): Promise<number | null> {
  const moov = await findBox(read, 0, size, 'moov');
  if (!moov) return null;
  const mvhd = await findBox(read, moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const buf = await read(mvhd.body, 32);
  const version = buf[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (buf.length < 32) return null;
    timescale = buf.readUInt32BE(20);
    duration = Number(buf.readBigUInt64BE(24));
  } else {
    if (buf.length < 20) return null;
    timescale = buf.readUInt32BE(12);
    duration = buf.readUInt32BE(16);
  }
  if (!timescale || !duration || duration === 0xffffffff) return null;
  const seconds = duration / timescale;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

async function findBox(read: RangeReader, from: number, to: number, type: string) {
  let offset = from;
  for (let i = 0; i < MAX_BOXES && offset + 8 <= to; i++) {
    const head = await read(offset, 16);
    if (head.length < 8) return null;
    const size32 = head.readUInt32BE(0);
    const name = head.toString('latin1', 4, 8);
    let headerSize = 8;
    let boxSize = size32;
    if (size32 === 1) {
      if (head.length < 16) return null;
      boxSize = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size32 === 0) {
      boxSize = to - offset;
    }
    if (boxSize < headerSize) return null;
    if (name === type) return { body: offset + headerSize, end: Math.min(to, offset + boxSize) };
    offset += boxSize;
  }
  return null;
}
