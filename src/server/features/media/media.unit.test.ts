import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkContent, sniffContentType } from './file-types.util.ts';
import { cleanFileName, contentDisposition, objectKeyFrom } from './media.service.ts';
import { mp4DurationSeconds } from './mp4-duration.util.ts';
import { UploadSigner } from './object.store.ts';
import { ifRangeHolds, notModified, parseRange } from './range.util.ts';

const KEY = 'video/0b0d6f2e-5c1a-4c1e-9f4e-2f1d3c4b5a69';

describe('parseRange', () => {
  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=50-', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
  });
  it('416 for ranges past the end or empty suffixes', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
  });
  it('ignores what it does not understand (the whole file is sent)', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=9-1', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });
});

describe('conditional requests', () => {
  const lm = new Date('2026-01-01T00:00:00Z');
  it('If-None-Match wins over If-Modified-Since', () => {
    expect(notModified({ headers: { 'if-none-match': 'W/"a", "b"' } }, '"b"', lm)).toBe(true);
    expect(
      notModified({ headers: { 'if-none-match': '"x"', 'if-modified-since': lm.toUTCString() } }, '"b"', lm),
    ).toBe(false);
    expect(notModified({ headers: { 'if-modified-since': lm.toUTCString() } }, '"b"', lm)).toBe(true);
  });
  it('If-Range needs the current ETag or date', () => {
    expect(ifRangeHolds({ headers: {} }, '"b"', lm)).toBe(true);
    expect(ifRangeHolds({ headers: { 'if-range': '"b"' } }, '"b"', lm)).toBe(true);
    expect(ifRangeHolds({ headers: { 'if-range': '"a"' } }, '"b"', lm)).toBe(false);
    expect(ifRangeHolds({ headers: { 'if-range': lm.toUTCString() } }, '"b"', lm)).toBe(true);
  });
});

describe('magic bytes', () => {
  it('recognises the allowed types and nothing else', () => {
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffContentType(Buffer.from('\0\0\0\x14ftypqt  ', 'latin1'))).toBe('video/quicktime');
    expect(sniffContentType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe('video/webm');
    expect(sniffContentType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      'application/vnd.ms-powerpoint',
    );
    expect(sniffContentType(Buffer.from('<svg xmlns=', 'latin1'))).toBeNull();
    expect(sniffContentType(Buffer.from('MZ\x90\0', 'latin1'))).toBeNull();
  });
  it('refuses a declared type that disagrees with the bytes', () => {
    const pdf = Buffer.from('%PDF-1.7\n', 'latin1');
    expect(checkContent('video', pdf, 'video/mp4')).toHaveProperty('error');
    expect(checkContent('presentation', pdf, 'application/pdf')).toEqual({ contentType: 'application/pdf' });
    expect(checkContent('presentation', pdf, 'application/vnd.ms-powerpoint')).toHaveProperty('error');
    expect(checkContent('presentation', pdf, undefined)).toEqual({ contentType: 'application/pdf' });
  });
});

describe('object references', () => {
  it('accepts our paths, absolute URLs to them and issued upload URLs', () => {
    expect(objectKeyFrom(`/objects/${KEY}`)).toBe(KEY);
    expect(objectKeyFrom(`https://tradeskills.example/objects/${KEY}`)).toBe(KEY);
    expect(objectKeyFrom(`/api/objects/upload/${KEY}?max=1&expires=2&sig=x`)).toBe(KEY);
    expect(objectKeyFrom(`https://bucket.s3.amazonaws.com/${KEY}?X-Amz-Signature=abc`)).toBe(KEY);
  });
  it('rejects traversal and foreign paths', () => {
    expect(objectKeyFrom('/objects/../../etc/passwd')).toBeNull();
    expect(objectKeyFrom(`/objects/${KEY}/../../x`)).toBeNull();
    expect(objectKeyFrom('/objects/video/..%2F..%2Fetc%2Fpasswd')).toBeNull();
    expect(objectKeyFrom('/uploads/photo.png')).toBeNull();
    expect(objectKeyFrom('')).toBeNull();
  });
});

describe('upload signatures', () => {
  const signer = new UploadSigner('x'.repeat(32));
  it('verifies only the exact key, type, limit and expiry that were signed', () => {
    const sig = signer.sign(KEY, 'video', 100, 200);
    expect(signer.verify(KEY, 'video', 100, 200, sig)).toBe(true);
    expect(signer.verify(KEY, 'video', 101, 200, sig)).toBe(false);
    expect(signer.verify(KEY, 'video', 100, 201, sig)).toBe(false);
    expect(signer.verify(KEY, 'image', 100, 200, sig)).toBe(false);
    expect(new UploadSigner('y'.repeat(32)).verify(KEY, 'video', 100, 200, sig)).toBe(false);
    expect(signer.verify(KEY, 'video', 100, 200, 'short')).toBe(false);
  });
});

describe('download names', () => {
  it('keeps letters, digits and simple punctuation', () => {
    expect(cleanFileName('Falls & gradients: 1/40 "fall"')).toBe('Falls gradients 1 40 fall');
    expect(cleanFileName('../../etc/passwd')).toBe('etc passwd');
    expect(cleanFileName('Café déjà vu')).toBe('Cafe deja vu');
    expect(cleanFileName('***')).toBe('file');
    expect(contentDisposition('attachment', 'Plan.pptx', 'application/pdf')).toBe(
      `attachment; filename="Plan.pdf"; filename*=UTF-8''Plan.pdf`,
    );
  });
});

describe('mp4DurationSeconds', () => {
  const reader = (buf: Buffer) => async (start: number, length: number) =>
    buf.subarray(start, start + length);
  it('reads the demo video: 8 seconds', async () => {
    const file = fs.readFileSync(
      fileURLToPath(new URL('../../db/seed-media/demo-video.mp4', import.meta.url)),
    );
    expect(await mp4DurationSeconds(reader(file), file.length)).toBeCloseTo(8, 1);
  });
  it('finds moov after a large mdat, and gives null without one', async () => {
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypisom', 4, 'latin1');
    const mdat = Buffer.alloc(1000);
    mdat.writeUInt32BE(1000, 0);
    mdat.write('mdat', 4, 'latin1');
    const mvhd = Buffer.alloc(8 + 100);
    mvhd.writeUInt32BE(108, 0);
    mvhd.write('mvhd', 4, 'latin1');
    mvhd.writeUInt32BE(600, 8 + 12); // timescale
    mvhd.writeUInt32BE(600 * 95, 8 + 16); // 95 s
    const moovHead = Buffer.alloc(8);
    moovHead.writeUInt32BE(8 + mvhd.length, 0);
    moovHead.write('moov', 4, 'latin1');
    const file = Buffer.concat([ftyp, mdat, moovHead, mvhd]);
    expect(await mp4DurationSeconds(reader(file), file.length)).toBe(95);
    const noMoov = Buffer.concat([ftyp, mdat]);
    expect(await mp4DurationSeconds(reader(noMoov), noMoov.length)).toBeNull();
    const garbage = Buffer.from('\0\0\0\x02junkjunkjunk', 'latin1');
    expect(await mp4DurationSeconds(reader(garbage), garbage.length)).toBeNull();
  });
});
