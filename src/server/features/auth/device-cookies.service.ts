import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Device cookies (OWASP 'Slow Down Online Guessing Attacks with Device Cookies'; README 'Limits and bad input'): a browser that
// signed in to an account holds a signed token naming that account. Sign-in attempts carrying a valid one are
// counted in the token's own bucket, so other people's failures from the same address (a college, a site) or on
// the same account never lock its owner out. One cookie holds the tokens of the last few accounts signed in there.

export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Accounts remembered per browser (a shared family or site computer). */
const MAX_ACCOUNTS = 5;
const SEPARATOR = ':';

export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-ts_device' : 'ts_device';
}

/** The account a token is for, without putting the email itself in the cookie. */
const accountTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

function verify(key: Buffer, token: string): { account: string; nonce: string } | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [account, nonce, issued, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(mac(key, `${account}.${nonce}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = Number.parseInt(issued, 36) * 1000;
  if (!Number.isFinite(issuedAt) || Date.now() - issuedAt > DEVICE_COOKIE_MAX_AGE_S * 1000) return null;
  return { account, nonce };
}

/** The valid token in `cookie` for `email`, as its bucket id (the nonce); null when there is none. */
export function trustedDevice(key: Buffer, cookie: string | undefined, email: string): string | null {
  if (!cookie || cookie.length > 2000) return null;
  const account = accountTag(email);
  for (const token of cookie.split(SEPARATOR)) {
    const valid = verify(key, token);
    if (valid?.account === account) return valid.nonce;
  }
  return null;
}

/** The cookie after a successful sign-in to `email`: a fresh token for it first, the other accounts' kept. */
export function rememberDevice(key: Buffer, cookie: string | undefined, email: string): string {
  const account = accountTag(email);
  const body = `${account}.${randomBytes(12).toString('base64url')}.${Math.floor(Date.now() / 1000).toString(36)}`;
  const others = (cookie && cookie.length <= 2000 ? cookie.split(SEPARATOR) : []).filter(
    (token) => verify(key, token) && !token.startsWith(`${account}.`),
  );
  return [`${body}.${mac(key, body)}`, ...others].slice(0, MAX_ACCOUNTS).join(SEPARATOR);
}
