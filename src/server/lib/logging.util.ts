import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '#server/config.ts';

// What may appear in a log line (README 'Limits and bad input'): never a password, hash, token, cookie,
// authorization header or a SQL statement's bound values. Pino's redaction covers known paths; the error
// serializer below covers database errors, whose messages (drizzle: "Failed query: … params: …") and details
// ("Key (email)=(…)") carry values.

/**
 * A URL safe for logs: every query value replaced, names kept. Query strings carry reset tokens, upload
 * signatures and payment secrets, and also what people type (an admin's student search is an email address).
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals === -1 ? '[redacted]' : `${pair.slice(0, equals)}=[redacted]`;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'clientSecret',
  'client_secret',
  'params',
  'parameters',
  'cookie',
  'authorization',
];
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `err.cause.${key}`]),
];

const SQLSTATE = /^[0-9A-Z]{5}$/;
interface DbErrorLike {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  constraint?: unknown;
  column?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** The database error in `error`'s cause chain (pg / PGlite carry a SQLSTATE and a severity), if any. */
function findDatabaseError(error: unknown): DbErrorLike | undefined {
  let current = error as DbErrorLike | undefined;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current.code === 'string' && SQLSTATE.test(current.code) && 'severity' in current)
      return current;
    current = current.cause as DbErrorLike | undefined;
  }
  return undefined;
}

const isQueryError = (error: unknown) =>
  typeof error === 'object' && error !== null && 'query' in error && 'params' in error;

/**
 * Errors as log fields. A database error keeps its SQLSTATE, table, column and constraint and a fixed message;
 * its SQL, bound values, detail and message (which quote values) are dropped. Stacks keep only their frames.
 */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  const db = findDatabaseError(error);
  if (db || isQueryError(error)) {
    return {
      type: error.constructor.name,
      message: 'Database query failed',
      sqlstate: db?.code,
      table: db?.table,
      column: db?.column,
      constraint: db?.constraint,
      stack: frames,
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: `${error.name}: ${error.message}\n${frames}`,
    ...(error.cause ? { cause: serializeError(error.cause) } : {}),
  };
}

/** Fastify's logger options for this configuration (false when silent). */
export function loggerOptions(config: AppConfig, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Reset tokens, upload signatures, payment secrets and search terms travel in query strings: never log them.
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
      err: serializeError,
      error: serializeError,
    },
    ...(stream ? { stream } : {}),
  };
}
