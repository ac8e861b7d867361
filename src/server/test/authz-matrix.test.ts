import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInstructors, courses } from '#server/db/schema/index.ts';
import { createSession } from '#server/lib/sessions.service.ts';
import { ACTORS, type Actor, type AuthzCase, type AuthzWorld, STAFF_ACTORS } from './authz.ts';
import { createTestApp, type TestContext } from './harness.ts';
import { apprenticeIn } from './staff.ts';

// The authorization matrix (src/server/test/authz.ts): every route the running app registers must have a case in
// some src/server/features/**/<feature>.authz.ts, and every case's expected status holds for every actor.

const modules = import.meta.glob<{ authzCases: AuthzCase[] }>('../features/**/*.authz.ts', { eager: true });
const cases: (AuthzCase & { file: string })[] = Object.entries(modules).flatMap(([file, mod]) =>
  mod.authzCases.map((c) => ({ ...c, file: file.replace('../features/', '') })),
);
const key = (method: string, url: string) => `${method} ${url}`;

let t: TestContext;
let world: AuthzWorld;
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = ['student', 'otherStudent', 'teamManager', 'admin', ...STAFF_ACTORS] as const;
  const staffRoles: Partial<Record<Actor, ('tutor' | 'instructor' | 'finance')[]>> = {
    tutor: ['tutor'],
    otherTutor: ['tutor'],
    instructor: ['instructor'],
    otherInstructor: ['instructor'],
    finance: ['finance'],
  };
  const users = {} as AuthzWorld['users'];
  const cookies = {} as AuthzWorld['cookies'];
  for (const actor of signedIn) {
    const roles = staffRoles[actor];
    const user = await t.createUser({
      role: actor === 'admin' ? 'admin' : roles ? 'staff' : 'student',
      ...(roles ? { staffRoles: roles } : {}),
      firstName: actor,
      email: `${actor.toLowerCase()}-${Date.now()}@authz.test`,
    });
    users[actor] = user;
    cookies[actor] = await t.login(user);
  }
  // The caseloads and the other instructor's course (docs/staff.md): `tutor` holds the student, `otherTutor`
  // the other student; cases' courses are taught by `instructor` (authz-fixtures.ts).
  await apprenticeIn(t, users.student.id, users.tutor.id);
  await apprenticeIn(t, users.otherStudent.id, users.otherTutor.id);
  const [own] = await t.db.insert(courses).values({ title: 'Another course', description: 'd' }).returning();
  await t.db.insert(courseInstructors).values({ courseId: own!.id, userId: users.otherInstructor.id });
  world = {
    app: t.app,
    database: t.database,
    users,
    cookies,
    async newSession(actor: Actor) {
      if (actor === 'anonymous') return { cookie: '', sessionId: null };
      const session = await createSession(t.db, users[actor].id, {
        ipAddress: '127.0.0.1',
        userAgent: 'authz',
      });
      return { cookie: `ts_session=${session.token}`, sessionId: session.sessionId };
    },
  };
});
afterAll(async () => {
  await t?.close();
});

/** Fills `:param` segments; unset ones get a random (unknown) UUID. `*` wildcards become `x`. */
function fillUrl(pattern: string, params: Record<string, string> = {}): string {
  return pattern
    .replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? crypto.randomUUID()))
    .replace(/\*$/, params['*'] ?? 'x');
}

describe('authorization matrix', () => {
  it('has a case for every registered route, and no case for a route that does not exist', () => {
    const registered = new Set(
      t.app.registeredRoutes.filter((r) => r.method !== 'HEAD').map((r) => key(r.method, r.url)),
    );
    const covered = new Set(cases.map((c) => key(c.method, c.url)));
    const missing = [...registered].filter((r) => !covered.has(r)).sort();
    const unknown = [...covered].filter((r) => !registered.has(r)).sort();
    expect(missing, 'routes with no case in any src/server/features/**/<feature>.authz.ts').toEqual([]);
    expect(unknown, 'cases for routes the app does not register').toEqual([]);
  });

  // A route may have several cases (the owner's resource, another team's), but each says which: a second case
  // for a route needs a note that tells it apart, so two features cannot silently describe one route twice.
  it('has one case per route, or several told apart by their notes', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const c of cases) {
      const k = `${key(c.method, c.url)} ${c.note ?? ''}`;
      if (seen.has(k)) duplicates.push(`${k} (${seen.get(k)} and ${c.file})`);
      seen.set(k, c.file);
    }
    expect(duplicates).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.method} ${c.url}${c.note ? ` (${c.note})` : ''}`, c] as const))(
    '%s',
    async (_name, c) => {
      const wrong: string[] = [];
      for (const actor of ACTORS) {
        const request = (await c.prepare?.(world, actor)) ?? {};
        const url = fillUrl(c.url, request.params) + (request.query ? `?${request.query}` : '');
        const cookie = request.cookie ?? (actor === 'anonymous' ? '' : world.cookies[actor]);
        // As a stream, so the SSE route answers its status without the test waiting for a stream that never ends.
        const res = await t.app.inject({
          payloadAsStream: true,
          method: c.method,
          url,
          headers: { ...(cookie ? { cookie } : {}), ...request.headers },
          ...(request.body === undefined
            ? {}
            : typeof request.body === 'string' || Buffer.isBuffer(request.body)
              ? { payload: request.body }
              : { payload: request.body as object }),
        });
        const stream = res.stream();
        let body = '';
        if (String(res.headers['content-type']).startsWith('text/event-stream')) stream.destroy();
        else for await (const chunk of stream) body += chunk;
        const expected = c.expect[actor];
        const allowed = Array.isArray(expected) ? expected : [expected];
        if (!allowed.includes(res.statusCode)) {
          wrong.push(
            `${actor}: got ${res.statusCode}, expected ${allowed.join(' or ')} — ${body.slice(0, 200)}`,
          );
        }
      }
      expect(wrong, `${c.method} ${c.url} (${c.file})${c.note ? `: ${c.note}` : ''}`).toEqual([]);
    },
  );
});
