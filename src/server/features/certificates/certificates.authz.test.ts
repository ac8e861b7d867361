import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type AuthzWorld } from '#server/test/authz.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { authzCases } from './certificates.authz.ts';

// Runs this feature's matrix cases until the shared runner collects them (src/server/test/authz.ts).
let t: TestContext;
let world: AuthzWorld;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const users = {
    student: await t.createUser(),
    otherStudent: await t.createUser(),
    teamManager: await t.createUser(),
    admin: await t.createUser({ role: 'admin' }),
  };
  world = { app: t.app, database: t.database, users };
  for (const [actor, user] of Object.entries(users)) cookies.set(actor, await t.login(user));
});
afterAll(async () => {
  await t.close();
});

describe('certificates authorization matrix', () => {
  for (const c of authzCases) {
    it(`${c.method} ${c.url}`, async () => {
      for (const actor of ACTORS) {
        const request = (await c.prepare?.(world, actor)) ?? {};
        const url = c.url.replace(
          /:(\w+)/g,
          (_, name: string) => request.params?.[name] ?? crypto.randomUUID(),
        );
        const res = await t.app.inject({
          method: c.method,
          url: request.query ? `${url}?${request.query}` : url,
          headers: actor === 'anonymous' ? {} : { cookie: cookies.get(actor)! },
          ...(request.body === undefined ? {} : { payload: request.body as object }),
        });
        const expected = c.expect[actor];
        const allowed = Array.isArray(expected) ? expected : [expected];
        expect(allowed, `${actor}: ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(res.statusCode);
      }
    });
  }
  it('covers every certificates route the app registers', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const path of ['certificates', 'issuer', 'credentials/verify']) expect(routes).toContain(path);
    expect(authzCases).toHaveLength(9);
  });
});
