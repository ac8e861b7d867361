// Runs this feature's authorization matrix cases (teams.authz.ts, invoices.authz.ts) against the real app, so the
// expectations are proven here as well as by the shared matrix runner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authzCases as invoiceCases } from '#server/features/invoices/invoices.authz.ts';
import { ACTORS, type AuthzWorld } from '#server/test/authz.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { authzCases as teamCases } from './teams.authz.ts';

let t: TestContext;
let world: AuthzWorld;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'student' | 'admin') => {
    const user = await t.createUser({ role });
    return { id: user.id, email: user.email, password: user.password };
  };
  world = {
    app: t.app,
    database: t.database,
    users: {
      student: await make('student'),
      otherStudent: await make('student'),
      teamManager: await make('student'),
      admin: await make('admin'),
    },
  };
  for (const [actor, user] of Object.entries(world.users)) cookies[actor] = await t.login(user);
});
afterAll(async () => {
  await t.close();
});

describe('team and invoice routes: authorization matrix', () => {
  for (const c of [...teamCases, ...invoiceCases]) {
    it(`${c.method} ${c.url}${c.note ? ` (${c.note})` : ''}`, async () => {
      for (const actor of ACTORS) {
        const request = (await c.prepare?.(world, actor)) ?? {};
        const url = c.url.replace(
          /:(\w+)/g,
          (_, name: string) => request.params?.[name] ?? crypto.randomUUID(),
        );
        const res = await t.app.inject({
          method: c.method,
          url: request.query ? `${url}?${request.query}` : url,
          headers: actor === 'anonymous' ? {} : { cookie: cookies[actor]! },
          payload: request.body as object | undefined,
        });
        const expected = c.expect[actor];
        expect([expected].flat(), `${actor}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      }
    });
  }
});
