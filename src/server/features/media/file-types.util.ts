import type { FileType } from '#shared/constants.ts';
import { CONTENT_TYPES_BY_TYPE } from '#shared/schemas/media.ts';

/** Bytes needed from the start of a file to recognise every allowed type. */
export const SNIFF_BYTES = 16;

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/**
 * The content type a file really is, from its first bytes; null when it is none of the allowed types.
 * Only the allowlist is recognised: JPEG/PNG/WebP, MP4/QuickTime/WebM, PDF/PPT/PPTX (captions: see checkContent).
 */
export function sniffContentType(head: Buffer): string | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  // ISO base media: a size then 'ftyp' and the major brand ('qt  ' is QuickTime).
  if (ascii(head, 4, 8) === 'ftyp') return ascii(head, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  // Old QuickTime files may start straight with a movie/data atom.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(head, 4, 8)) && head.length >= 8)
    return 'video/quicktime';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return 'application/vnd.ms-powerpoint';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]))
    return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return null;
}

// MP4 and QuickTime are the same container; browsers label .mov files either way.
const family = (type: string) =>
  type === 'video/quicktime'
    ? 'video/mp4'
    : type === 'application/x-zip-compressed'
      ? 'application/zip'
      : type;

/**
 * Checks a file's first bytes against its upload type and the Content-Type the client declared.
 * Returns the content type to store and serve (what the bytes say, not what the client said),
 * or an error message.
 */
export function checkContent(
  fileType: FileType,
  head: Buffer,
  declared: string | undefined,
): { contentType: string } | { error: string } {
  // A zip is a zip: an upload typed 'package' is one when it starts like one (its contents are checked on attach).
  const zip = fileType === 'package' && startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
  // Captions are text: any file without NUL bytes is taken, and its WebVTT is checked in full when a topic
  // uses it (PUT /api/topics/:id/captions answers INVALID_CAPTIONS; README 'Accessibility').
  const text = fileType === 'captions' && !head.includes(0) && !sniffContentType(head);
  const sniffed = zip ? 'application/zip' : text ? 'text/vtt' : sniffContentType(head);
  const allowed = CONTENT_TYPES_BY_TYPE[fileType];
  if (!sniffed || !allowed.includes(sniffed)) {
    return { error: `This file is not an allowed ${fileType} type (${describeAllowed(fileType)})` };
  }
  const claimed = normaliseContentType(declared);
  if (claimed && claimed !== 'application/octet-stream' && family(claimed) !== family(sniffed)) {
    return { error: `The file's content does not match its type (${claimed})` };
  }
  return { contentType: sniffed };
}

export function normaliseContentType(value: string | undefined): string | undefined {
  const type = value?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

export function describeAllowed(fileType: FileType): string {
  return {
    image: 'JPEG, PNG or WebP',
    video: 'MP4, WebM or QuickTime',
    presentation: 'PDF, PPT or PPTX',
    document: 'PDF',
    package: 'a SCORM zip',
    captions: 'WebVTT',
  }[fileType];
}

/** File extension for a stored content type, for download names. */
export function extensionFor(contentType: string | null): string {
  switch (contentType) {
    case 'image/jpeg':
      return '.jpg';
    case 'image/png':
      return '.png';
    case 'image/webp':
      return '.webp';
    case 'video/mp4':
      return '.mp4';
    case 'video/webm':
      return '.webm';
    case 'video/quicktime':
      return '.mov';
    case 'application/pdf':
      return '.pdf';
    case 'application/zip':
      return '.zip';
    case 'text/vtt':
      return '.vtt';
    case 'application/vnd.ms-powerpoint':
      return '.ppt';
    case 'application/vnd.openxmlformats-officedocument.presentationml.presentation':
      return '.pptx';
    default:
      return '';
  }
}
