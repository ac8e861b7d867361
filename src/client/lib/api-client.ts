import type { QueryFunction, QueryKey } from '@tanstack/react-query';

// Every call carries the session cookie and speaks JSON (docs/product.md#api-calls). The server also insists that
// state-changing requests are JSON (its CSRF rule), so bodies always get a JSON content type.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A failed call. `message` is `${status}: ${body text or status text}`, what the UI has always shown
 * (docs/product.md#errors-and-messages); `code` is the server's stable error code from its `{ message, code }` body
 * (docs/decisions/0011-error-shape.md), upper-cased, or null when it sent none. Behaviour keys off `status` and
 * `code`, never off the message text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string | null;

  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status}: ${body}`);
    this.code = codeFromBody(body);
  }
}

function codeFromBody(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'code' in parsed && typeof parsed.code === 'string') {
      return parsed.code ? parsed.code.toUpperCase() : null;
    }
  } catch {
    // Not JSON: a proxy's page or plain text carries no code.
  }
  return null;
}

/** Throws an ApiError for any non-OK response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text);
}

export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data === undefined ? { Accept: 'application/json' } : jsonHeaders,
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the parsed JSON body (null for an empty body, e.g. 204). */
export async function apiJson<T>(method: HttpMethod, url: string, data?: unknown): Promise<T> {
  return readJson<T>(await apiRequest(method, url, data));
}

const jsonHeaders = { Accept: 'application/json', 'Content-Type': 'application/json' };

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Query keys are URL segments: ['/api/modules', id, 'topics'] → /api/modules/{id}/topics. */
export function queryKeyToUrl(queryKey: QueryKey): string {
  return queryKey
    .filter(
      (segment): segment is string | number => typeof segment === 'string' || typeof segment === 'number',
    )
    .map(String)
    .join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return readJson<T>(res);
  };
}

const HTTP_ERROR = /^(\d{3}): ([\s\S]*)$/;

/** The HTTP status carried by an error from this client, or null for other failures (e.g. network). */
export function getErrorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (!(error instanceof Error)) return null;
  const match = HTTP_ERROR.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** The server's error code (upper-cased) carried by an error from this client, or null. */
export function getErrorCode(error: unknown): string | null {
  if (error instanceof ApiError) return error.code;
  if (!(error instanceof Error)) return null;
  const match = HTTP_ERROR.exec(error.message);
  return match ? codeFromBody(match[2].trim()) : null;
}

/**
 * Whether a failed HTTP call means `code` (a network failure never does). The code decides whenever the server sent one; `withoutCode` (a test of the
 * message) only answers for a server that sends `{ message }` alone, and goes once every error carries a code.
 */
export function isErrorCode(
  error: unknown,
  code: string,
  withoutCode: (message: string) => boolean,
): boolean {
  const sent = getErrorCode(error);
  if (sent !== null) return sent === code;
  return error instanceof Error && getErrorStatus(error) !== null && withoutCode(error.message);
}

/**
 * The text to show a user for a failed call: the server's `{ message }` when there is one,
 * a plain-text body when it is short and not markup, otherwise the fallback.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = HTTP_ERROR.exec(error.message);
  if (!match) return fallback;
  const body = match[2].trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || fallback;
    }
    return fallback;
  } catch {
    const looksLikeText = body.length > 0 && body.length <= 200 && !body.startsWith('<');
    return looksLikeText ? body : fallback;
  }
}
