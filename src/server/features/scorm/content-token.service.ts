import { createHmac, timingSafeEqual } from 'node:crypto';

// The capability in a package's URLs (docs/decisions/0017-scorm-opaque-origin.md): the player runs on an opaque
// origin, which sends no cookies, so its files are fetched with a token in the path. Only a caller the access
// policy lets open the topic gets one (admins, enrolled students); it names the package and the viewer, and
// lasts CONTENT_TOKEN_TTL_S. Binary and base64url, so it fits one URL segment (70 characters).

export const CONTENT_TOKEN_TTL_S = 6 * 3600;
const MAC_BYTES = 18;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const mac = (secret: string, body: Buffer) =>
  createHmac('sha256', secret).update('scorm\n').update(body).digest().subarray(0, MAC_BYTES);

export function signContentToken(
  secret: string,
  packageId: string,
  userId: string,
  now = Date.now(),
): string {
  const expires = Buffer.alloc(4);
  expires.writeUInt32BE(Math.floor(now / 1000) + CONTENT_TOKEN_TTL_S);
  const body = Buffer.concat([uuidBytes(packageId), uuidBytes(userId), expires]);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/** The package and viewer a token is for, or null when it is forged, malformed or expired. */
export function verifyContentToken(
  secret: string,
  token: string,
  now = Date.now(),
): { packageId: string; userId: string } | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 36 + MAC_BYTES || bytes.toString('base64url') !== token) return null;
  const body = bytes.subarray(0, 36);
  if (!timingSafeEqual(bytes.subarray(36), mac(secret, body))) return null;
  if (body.readUInt32BE(32) * 1000 < now) return null;
  return { packageId: uuidText(body.subarray(0, 16)), userId: uuidText(body.subarray(16, 32)) };
}
