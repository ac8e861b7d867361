// Errors that carry an HTTP status and a stable code; the error handler turns them into { message }.
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    /** Extra fields the client needs beside { message, code } (e.g. when a retry opens). */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new HttpError(400, code, message);
export const unauthorized = (message = 'Unauthorized', code = 'unauthorized') =>
  new HttpError(401, code, message);
export const forbidden = (message = 'Forbidden', code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'conflict', details?: Record<string, unknown>) =>
  new HttpError(409, code, message, details);
export const payloadTooLarge = (message = 'Request body is too large', code = 'too_large') =>
  new HttpError(413, code, message);
export const tooManyRequests = (message: string, code = 'rate_limited') => new HttpError(429, code, message);

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
