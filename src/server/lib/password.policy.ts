import { dictionary } from '@zxcvbn-ts/language-common';
import { SITE_NAME } from '#shared/site.ts';
import { badRequest } from './http.error.ts';

// Passwords people choose must not be guessable (README 'Passwords'; NCSC password guidance, NIST SP 800-63B
// 5.1.1.2): long enough (PASSWORD_MIN_LENGTH, checked by the shared schema as the user types), and not on a list of
// common and breached passwords, nor such a word with digits or symbols stuck on, nor a run of one repeated or
// sequential character, nor the account's email or the site's name. No composition rules, no network.
//
// The list is the 'passwords-common' dictionary of @zxcvbn-ts/language-common (about 49,000 of the most frequent
// passwords in public breach corpora), shipped in node_modules and read once.

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

const ADVICE = 'Try three random words you will remember.';
export const COMMON_PASSWORD = `This password is on lists of common and leaked passwords. ${ADVICE}`;
export const PREDICTABLE_PASSWORD = `This password is too easy to guess (repeated or sequential characters). ${ADVICE}`;
export const PERSONAL_PASSWORD = `Do not use your email address or the site's name in your password. ${ADVICE}`;

/** "Password123!" → "password": the letters left when digits and symbols are taken off both ends. */
const core = (lower: string) => lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

function isRunOrRepeat(lower: string): boolean {
  const codes = [...lower].map((c) => c.codePointAt(0)!);
  if (new Set(codes).size <= 3) return true;
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

/** Why `password` would be easy to guess (a sentence for the field), or null when it is fine. */
export function passwordWeakness(password: string, context: { email?: string } = {}): string | null {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const stem = core(lower);
  if (list.has(lower) || (stem.length >= 4 && list.has(stem))) return COMMON_PASSWORD;
  if (isRunOrRepeat(lower)) return PREDICTABLE_PASSWORD;
  const local = context.email?.split('@')[0]?.toLowerCase() ?? '';
  const site = SITE_NAME.toLowerCase().replace(/\s+/g, '');
  if ((local.length >= 4 && lower.includes(local)) || lower.replace(/\s+/g, '').includes(site)) {
    return PERSONAL_PASSWORD;
  }
  return null;
}

/** Refuses a guessable new password with 400 WEAK_PASSWORD and the reason (the client shows it at the field). */
export function assertStrongPassword(password: string, context: { email?: string } = {}): void {
  const weakness = passwordWeakness(password, context);
  if (weakness) throw badRequest(weakness, 'WEAK_PASSWORD');
}
