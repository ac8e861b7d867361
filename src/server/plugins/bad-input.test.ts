import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { ERROR_CODES } from '#shared/error-codes.ts';

// Bad strings never reach the database (README 'Limits and bad input'): NUL and lone surrogates are refused
// by the shared text() schema with a 400 that names the field, in bodies, path parameters and query strings
// alike.
let t: TestContext;
let admin: string;
let moduleId: string;
let topicId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(await t.createUser({ role: 'admin' }));
  const course = await call('POST', '/api/admin/courses', {
    title: 'Wiring',
    description: 'Regs',
    courseType: 'fundamental',
  });
  const mod = await call('POST', `/api/admin/courses/${course.json().id}/modules`, {
    title: 'M',
    description: 'd',
  });
  moduleId = mod.json().id;
  const topic = await call('POST', `/api/admin/modules/${moduleId}/topics`, { title: 'T', description: 'd' });
  topicId = topic.json().id;
});
afterAll(async () => {
  await t.close();
});

function call(method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: unknown, cookie = admin) {
  return t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
}

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = '\uDC00';

describe('bad strings', () => {
  it.each([
    ['POST', '/api/login', { email: NUL, password: 'x' }, 'email'],
    ['POST', '/api/login', { email: 'a@b.c', password: LONE_HIGH }, 'password'],
    ['POST', '/api/payment-success', { paymentIntentId: NUL }, 'paymentIntentId'],
    ['POST', '/api/login', { email: `x${LONE_LOW}`, password: 'x' }, 'email'],
  ] as const)('%s %s refuses a bad %s field with 400 INVALID_TEXT', async (method, url, body, field) => {
    const res = await call(method, url, body, '');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `${field}: must not contain NUL characters or unpaired surrogates`,
      code: 'INVALID_TEXT',
    });
  });

  it('refuses NUL and lone surrogates in admin edits of modules and topics, naming the field', async () => {
    const mod = await call('PUT', `/api/admin/modules/${moduleId}`, { title: NUL, description: 'd' });
    expect(mod.statusCode).toBe(400);
    expect(mod.json()).toMatchObject({ code: 'INVALID_TEXT', message: expect.stringMatching(/^title: /) });
    const topic = await call('PUT', `/api/admin/topics/${topicId}`, { title: 'T', description: LONE_HIGH });
    expect(topic.statusCode).toBe(400);
    expect(topic.json()).toMatchObject({
      code: 'INVALID_TEXT',
      message: expect.stringMatching(/^description: /),
    });
  });

  it('keeps a proper surrogate pair (emoji) and stores it', async () => {
    const res = await call('PUT', `/api/admin/modules/${moduleId}`, { title: 'Safety 🦺', description: 'd' });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Safety 🦺');
  });

  it('refuses NUL in path parameters and query strings with a 4xx, never a 500', async () => {
    for (const url of [
      '/api/courses/%00',
      '/api/courses/a%00b/preview',
      '/api/admin/students?search=%00',
      '/api/admin/modules/%00',
      '/api/admin/modules/not-a-uuid',
      '/api/admin/topics/%ED%A0%80',
      '/api/objects/upload/image/%00?max=1&expires=1&sig=x',
    ]) {
      const res = await call('GET', url);
      const put = await call('PUT', url, { title: 't', description: 'd' });
      for (const r of [res, put]) {
        expect(r.statusCode, `${url}: ${r.body}`).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, `${url}: ${r.body}`).toBeLessThan(500);
        expect(Object.keys(ERROR_CODES)).toContain(r.json().code);
      }
    }
  });
});

describe('one error shape: { message, code }', () => {
  it('gives every kind of error a code from the list', async () => {
    const cases = [
      [await call('GET', '/api/admin/stats', undefined, ''), 401, 'UNAUTHORIZED'],
      [await call('GET', '/api/nothing-here'), 404, 'ROUTE_NOT_FOUND'],
      [await call('POST', '/api/login', { email: 1, password: 'x' }, ''), 400, 'VALIDATION_FAILED'],
      [
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
        400,
        'MALFORMED_JSON',
      ],
      [
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'text/plain' },
          payload: 'hello',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10), password: 'x' }),
        }),
        413,
        'BODY_TOO_LARGE',
      ],
    ] as const;
    for (const [res, status, code] of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message: expect.any(String), code });
    }
  });

  it('documents the error body and every code in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/docs/json')).json();
    const schema = doc.components.schemas.ApiError;
    expect(schema.required).toEqual(['message', 'code']);
    expect(schema.properties.code.enum).toEqual(Object.keys(ERROR_CODES));
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });
});
