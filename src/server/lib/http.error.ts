// Errors that carry an HTTP status and a stable UPPER_SNAKE code (listed in src/shared/error-codes.ts); the error
// handler turns them into { message, code }.
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    /** Extra fields the client needs beside { message, code } (e.g. when a retry opens). */
    public readonly details?: Record<string, unknown>,
    /** Response headers that go with the error (e.g. Retry-After on a 429). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new HttpError(400, code, message);
export const unauthorized = (message = 'Unauthorized', code = 'UNAUTHORIZED') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'Forbidden', code = 'FORBIDDEN') => new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new HttpError(409, code, message, details);
export const payloadTooLarge = (message = 'Request body is too large', code = 'TOO_LARGE') =>
  new HttpError(413, code, message);
/** 429 with Retry-After (whole seconds, at least 1) so clients and people know how long to wait. */
export const tooManyRequests = (message: string, code = 'RATE_LIMITED', retryAfterMs = 60_000) =>
  new HttpError(429, code, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });

/** Postgres unique violation (SQLSTATE 23505), from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Postgres foreign-key violation (SQLSTATE 23503). Unused for now; kept (@public) for turning a row that vanished
 * mid-request into a 4xx.
 * @public
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: string }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
