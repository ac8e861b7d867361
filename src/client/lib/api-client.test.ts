import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '#client/test/render.tsx';
import {
  ApiError,
  apiJson,
  apiRequest,
  getErrorCode,
  getErrorMessage,
  getErrorStatus,
  getQueryFn,
  isErrorCode,
  queryKeyToUrl,
} from './api-client.ts';
import { isPasswordChangeRequiredError, isUnauthorizedError } from './unauthorized.ts';

type QueryContext = Parameters<ReturnType<typeof getQueryFn>>[0];

async function runQuery(on401: 'throw' | 'returnNull', queryKey: readonly unknown[]): Promise<unknown> {
  const context = {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
  } as unknown as QueryContext;
  return getQueryFn<unknown>({ on401 })(context);
}

describe('apiRequest', () => {
  it('sends JSON with credentials and the JSON content type', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await apiRequest('POST', '/api/logout', {});
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/logout');
    expect(init).toMatchObject({ method: 'POST', body: '{}', credentials: 'include' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns a non-OK response into "status: body text"', async () => {
    mockFetch(() => jsonResponse({ message: 'Course not found' }, 404));
    await expect(apiRequest('GET', '/api/courses/x')).rejects.toThrow('404: {"message":"Course not found"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch(() => new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('DELETE', '/api/admin/courses/1')).rejects.toThrow('500: Internal Server Error');
  });

  it('apiJson parses the body and treats an empty body as null', async () => {
    mockFetch((url) => (url === '/a' ? jsonResponse({ n: 1 }) : new Response(null, { status: 204 })));
    await expect(apiJson('GET', '/a')).resolves.toEqual({ n: 1 });
    await expect(apiJson('PUT', '/b', { x: 1 })).resolves.toBeNull();
  });
});

describe('getQueryFn', () => {
  it('fetches the query key segments joined with "/"', async () => {
    const fetchMock = mockFetch(() => jsonResponse([{ id: 't1' }]));
    const result = await runQuery('throw', ['/api/modules', 42, 'topics']);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/modules/42/topics');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
    expect(result).toEqual([{ id: 't1' }]);
  });

  it('yields null on 401 with on401: returnNull', async () => {
    mockFetch(() => jsonResponse({ message: 'Unauthorized' }, 401));
    await expect(runQuery('returnNull', ['/api/user'])).resolves.toBeNull();
  });

  it('throws a 401 error with on401: throw, recognised as unauthorised', async () => {
    mockFetch(() => jsonResponse({ message: 'Unauthorized' }, 401));
    const error = await runQuery('throw', ['/api/modules']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorizedError(error)).toBe(true);
  });
});

describe('error helpers', () => {
  it('isUnauthorizedError needs both the 401 prefix and the word Unauthorized', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid credentials"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });

  it('recognises the forced password change refusal', () => {
    const error = new Error('403: {"message":"You must change your password before continuing."}');
    expect(isPasswordChangeRequiredError(error)).toBe(true);
    expect(isPasswordChangeRequiredError(new Error('403: {"message":"Forbidden"}'))).toBe(false);
  });

  it('getErrorMessage extracts the server message, else a short text body, else the fallback', () => {
    expect(getErrorMessage(new Error('400: {"message":"Email already in use"}'), 'x')).toBe(
      'Email already in use',
    );
    expect(getErrorMessage(new Error('502: Bad Gateway'), 'x')).toBe('Bad Gateway');
    expect(getErrorMessage(new Error('500: <html>oops</html>'), 'Try again')).toBe('Try again');
    expect(getErrorMessage(new Error('400: {"error":"x"}'), 'Try again')).toBe('Try again');
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'Try again')).toBe('Try again');
  });

  it('getErrorStatus reads the status prefix', () => {
    expect(getErrorStatus(new Error('409: {"message":"Conflict"}'))).toBe(409);
    expect(getErrorStatus(new Error('network down'))).toBeNull();
  });

  it('queryKeyToUrl ignores non-path segments such as filter objects', () => {
    expect(queryKeyToUrl(['/api/admin/courses', { type: 'upskill' }])).toBe('/api/admin/courses');
  });
});

describe('ApiError', () => {
  it('carries the status, the code and the "<status>: <body>" message', async () => {
    mockFetch(() => jsonResponse({ message: 'Course not found', code: 'COURSE_NOT_FOUND' }, 404));
    const error = await apiRequest('GET', '/api/courses/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'COURSE_NOT_FOUND',
      message: '404: {"message":"Course not found","code":"COURSE_NOT_FOUND"}',
    });
    expect(getErrorStatus(error)).toBe(404);
    expect(getErrorCode(error)).toBe('COURSE_NOT_FOUND');
    expect(getErrorMessage(error, 'x')).toBe('Course not found');
  });

  it('has no code for a body without one, or one that is not JSON', () => {
    expect(new ApiError(400, '{"message":"Bad"}').code).toBeNull();
    expect(new ApiError(502, 'Bad Gateway').code).toBeNull();
    expect(new ApiError(409, '{"message":"x","code":"seat_taken"}').code).toBe('SEAT_TAKEN');
  });

  it('queries throw it too', async () => {
    mockFetch(() => jsonResponse({ message: 'Nope', code: 'FORBIDDEN' }, 403));
    const error = await runQuery('throw', ['/api/admin/stats']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(getErrorCode(error)).toBe('FORBIDDEN');
  });

  it('isErrorCode lets the code decide whenever there is one, and the message only when there is none', () => {
    const wrong = new ApiError(400, '{"message":"Current password is incorrect","code":"WRONG_PASSWORD"}');
    expect(isErrorCode(wrong, 'WRONG_PASSWORD', () => false)).toBe(true);
    const other = new ApiError(400, '{"message":"Current password is incorrect","code":"SAME_PASSWORD"}');
    expect(isErrorCode(other, 'WRONG_PASSWORD', () => true)).toBe(false);
    const uncoded = new ApiError(400, '{"message":"Current password is incorrect"}');
    expect(isErrorCode(uncoded, 'WRONG_PASSWORD', (m) => m.includes('Current password'))).toBe(true);
    expect(isErrorCode(new TypeError('Failed to fetch'), 'WRONG_PASSWORD', () => true)).toBe(false);
  });

  it('signed-out and password-change checks key off the code when the server sends one', () => {
    const expired = new ApiError(401, '{"message":"Your session has ended","code":"UNAUTHORIZED"}');
    expect(isUnauthorizedError(expired)).toBe(true);
    const badLogin = new ApiError(401, '{"message":"Unauthorized","code":"INVALID_CREDENTIALS"}');
    expect(isUnauthorizedError(badLogin)).toBe(false);
    const gate = new ApiError(403, '{"message":"Change it first","code":"PASSWORD_CHANGE_REQUIRED"}');
    expect(isPasswordChangeRequiredError(gate)).toBe(true);
    const admin = new ApiError(
      403,
      '{"message":"You must change your password before continuing.","code":"ADMIN_REQUIRED"}',
    );
    expect(isPasswordChangeRequiredError(admin)).toBe(false);
  });
});
