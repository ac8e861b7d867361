import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let studentCookie: string;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  studentCookie = await t.login(await t.createUser());
  adminCookie = await t.login(await t.createUser({ role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

const ID = '00000000-0000-4000-8000-000000000000';
const routes: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string][] = [
  ['GET', '/api/admin/students'],
  ['GET', `/api/admin/students/${ID}`],
  ['POST', '/api/admin/students'],
  ['PATCH', `/api/admin/students/${ID}`],
  ['POST', `/api/admin/students/${ID}/resend-credentials`],
  ['POST', `/api/admin/students/${ID}/enrolments`],
  ['DELETE', `/api/admin/students/${ID}/quiz-attempts`],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/analytics'],
  ['GET', '/api/admin/courses'],
  ['POST', '/api/admin/courses'],
  ['PUT', `/api/admin/courses/${ID}`],
  ['DELETE', `/api/admin/courses/${ID}`],
  ['GET', `/api/admin/courses/${ID}/modules`],
  ['POST', `/api/admin/courses/${ID}/modules`],
  ['PUT', `/api/admin/modules/${ID}`],
  ['DELETE', `/api/admin/modules/${ID}`],
  ['GET', `/api/admin/modules/${ID}/topics`],
  ['POST', `/api/admin/modules/${ID}/topics`],
  ['PUT', `/api/admin/topics/${ID}`],
  ['DELETE', `/api/admin/topics/${ID}`],
  ['GET', `/api/admin/topics/${ID}/quiz`],
  ['POST', `/api/admin/topics/${ID}/quiz`],
  ['PUT', `/api/admin/topics/${ID}/quiz`],
  ['DELETE', `/api/admin/topics/${ID}/quiz`],
  ['GET', '/api/admin/sessions'],
  ['POST', '/api/admin/sessions'],
  ['PUT', `/api/admin/sessions/${ID}`],
  ['POST', `/api/admin/sessions/${ID}/cancel`],
  ['POST', `/api/admin/sessions/${ID}/restore`],
  ['DELETE', `/api/admin/sessions/${ID}`],
];

describe('every /api/admin route', () => {
  it.each(routes)(
    '%s %s: 401 signed out, 403 for a student (even with a bad body), then validated for an admin',
    async (method, url) => {
      const bodiless =
        method === 'GET' || method === 'DELETE' || /resend-credentials|cancel|restore/.test(url);
      const payload = bodiless ? undefined : { nonsense: true };
      const anonymous = await t.app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      const student = await t.app.inject({ method, url, payload, headers: { cookie: studentCookie } });
      expect(student.statusCode).toBe(403);
      expect(student.json()).toEqual({ message: 'Admin access required', code: 'FORBIDDEN' });
      const admin = await t.app.inject({ method, url, payload, headers: { cookie: adminCookie } });
      // An admin gets past the guard: lists answer 200, bodies are validated (400), unknown ids are 404.
      expect([200, 400, 404]).toContain(admin.statusCode);
      if (payload) expect(admin.statusCode).toBe(400);
    },
  );
});

describe('GET /api/sessions/:id/ics', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: `/api/sessions/${ID}/ics` })).statusCode).toBe(401);
  });
});
