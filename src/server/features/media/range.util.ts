/** One byte range of a representation of `size` bytes (inclusive ends, as in Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a Range header (RFC 9110 §14): one range of `bytes=first-last`, `bytes=first-` or `bytes=-suffix`.
 * Returns null when the header should be ignored (absent, malformed, another unit, several ranges: the whole
 * file is then sent with 200), or 'unsatisfiable' for a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { start, end };
}

interface ConditionalRequest {
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string; 'if-range'?: string };
}

const etagList = (value: string) => value.split(',').map((t) => t.trim().replace(/^W\//, ''));

/** If-None-Match (weak comparison), else If-Modified-Since: true when a 304 is the answer. */
export function notModified(request: ConditionalRequest, etag: string, lastModified: Date): boolean {
  const inm = request.headers['if-none-match'];
  if (inm) return inm.trim() === '*' || etagList(inm).includes(etag);
  const ims = request.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && lastModified.getTime() <= since;
}

/** If-Range: the Range applies only while the client's copy is current (strong ETag or exact date). */
export function ifRangeHolds(request: ConditionalRequest, etag: string, lastModified: Date): boolean {
  const value = request.headers['if-range']?.trim();
  if (!value) return true;
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && date === lastModified.getTime();
}
