import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileType } from '#shared/constants.ts';

/** Server-generated keys only: `<fileType>/<uuid>`. Anything else is refused before it reaches a store. */
export const KEY_PATTERN =
  /^(image|video|presentation|document|package|captions)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An unpacked SCORM file: `scorm/<topic uuid>/<package uuid>/<path inside the zip>` (README 'SCORM packages'). */
const PACKAGE_FILE_PATTERN = new RegExp(`^scorm/${UUID}/${UUID}/[^\\\\\\0]+$`);
/** A data export's ZIP (README 'Your data'): never an upload, never served from /objects. */
const EXPORT_PATTERN = new RegExp(`^export/${UUID}\\.zip$`);
export const OBJECT_PATH_PREFIX = '/objects/';
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

export function newObjectKey(fileType: FileType): string {
  return `${fileType}/${randomUUID()}`;
}

export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * A key a store may hold: an upload's, or a file of an unpacked SCORM package (no empty, '.' or '..' segment, no
 * backslash or NUL), so no key can leave its folder.
 */
export function isStoreKey(key: string): boolean {
  if (KEY_PATTERN.test(key) || EXPORT_PATTERN.test(key)) return true;
  return (
    PACKAGE_FILE_PATTERN.test(key) &&
    key.length <= 1024 &&
    key.split('/').every((s) => s && s !== '.' && s !== '..')
  );
}

export const objectPathFor = (key: string) => `${OBJECT_PATH_PREFIX}${key}`;

export interface ObjectInfo {
  size: number;
  lastModified: Date;
}

export interface UploadURLRequest {
  key: string;
  fileType: FileType;
  maxBytes: number;
  expiresAt: Date;
  contentType?: string;
  size?: number;
}

/** Where object bytes live: local disk (default) or an S3-compatible bucket. */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** A URL the browser PUTs the file to, valid until expiresAt, plus headers it must send. */
  createUploadURL(request: UploadURLRequest): Promise<{ url: string; headers?: Record<string, string> }>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** The first `length` bytes (fewer when the object is shorter). */
  readStart(key: string, length: number): Promise<Buffer>;
  /** `length` bytes from `start` (fewer at the end of the object). */
  readRange(key: string, start: number, length: number): Promise<Buffer>;
  /** The whole object as a stream (data exports copy a person's files into their ZIP); never buffered. */
  read(key: string): Promise<Readable>;
  /** Stores a whole object (the demo seed); streams, never buffers. */
  put(key: string, body: Readable, contentType: string, size: number): Promise<void>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** HMAC-SHA256 over everything the disk store's upload URL promises: key, type, limit, expiry. */
export class UploadSigner {
  constructor(private readonly secret: string) {}

  private mac(key: string, fileType: string, maxBytes: number, expires: number): Buffer {
    return createHmac('sha256', this.secret)
      .update(`upload\n${key}\n${fileType}\n${maxBytes}\n${expires}`)
      .digest();
  }

  sign(key: string, fileType: string, maxBytes: number, expires: number): string {
    return this.mac(key, fileType, maxBytes, expires).toString('base64url');
  }

  verify(key: string, fileType: string, maxBytes: number, expires: number, signature: string): boolean {
    const expected = this.mac(key, fileType, maxBytes, expires);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
