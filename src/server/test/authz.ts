// The authorization matrix: every route the app registers has one case here, per feature, in
// `src/server/features/<feature>/<feature>.authz.ts` (`export const authzCases: AuthzCase[]`).
// `src/server/test/authz-matrix.test.ts` collects them all, enumerates the running app's routes and fails when a
// route has no case, so a new route cannot land without saying who may call it.
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';

/**
 * Who calls. `student` owns the resource a case prepares; `otherStudent` is a different, unrelated student.
 * The staff columns (docs/staff.md): `tutor` holds `student` in their caseload and `otherTutor` holds only
 * `otherStudent`; `instructor` teaches every course a case prepares (authz-fixtures.ts assigns them) and
 * `otherInstructor` teaches only a course of their own; `finance` holds the finance role alone.
 */
export type Actor = 'anonymous' | 'student' | 'otherStudent' | 'teamManager' | 'admin' | StaffActor;
export type StaffActor = 'tutor' | 'otherTutor' | 'instructor' | 'otherInstructor' | 'finance';
export const STAFF_ACTORS: readonly StaffActor[] = [
  'tutor',
  'otherTutor',
  'instructor',
  'otherInstructor',
  'finance',
];
export const ACTORS: readonly Actor[] = [
  'anonymous',
  'student',
  'otherStudent',
  'teamManager',
  'admin',
  ...STAFF_ACTORS,
];

export interface AuthzUser {
  id: string;
  email: string;
  password: string;
}

/**
 * One private app and database for the matrix run, with a signed-in user per actor. The `teamManager` starts as a
 * plain account: a case that needs them to manage a team makes them the manager of what it prepares.
 */
export interface AuthzWorld {
  app: FastifyInstance;
  database: Database;
  users: Record<Exclude<Actor, 'anonymous'>, AuthzUser>;
  /** The Cookie header each signed-in actor sends (kept valid for the whole run). */
  cookies: Record<Exclude<Actor, 'anonymous'>, string>;
  /**
   * A fresh, extra session for a signed-in actor (made in the database, no sign-in request): for routes that end
   * the session they are called with (logout) or that act on one device (revoke a session), pass its `cookie`
   * as AuthzRequest.cookie or use its `sessionId`. Anonymous gets `{ cookie: '' }`.
   */
  newSession: (actor: Actor) => Promise<{ cookie: string; sessionId: string | null }>;
}

export interface AuthzRequest {
  /** Values for the route's `:params`. Unset params get a random UUID. */
  params?: Record<string, string>;
  /** Query string without the leading `?`. */
  query?: string;
  body?: unknown;
  /** The Cookie header to send instead of the actor's own (e.g. from `world.newSession(actor)`). */
  cookie?: string;
  /** Extra request headers (e.g. a content type for an upload). */
  headers?: Record<string, string>;
}

export interface AuthzCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** The route pattern exactly as registered, e.g. `/api/team/seats/:seatId`. */
  url: string;
  /**
   * Builds the request, called afresh before each actor's request (so a DELETE by one actor does not change what
   * the next one sees). Resources it makes belong to `world.users.student` unless the case says otherwise.
   */
  prepare?: (world: AuthzWorld, actor: Actor) => Promise<AuthzRequest> | AuthzRequest;
  /** The status each actor must get. A list allows any of them (e.g. 200 or 204). */
  expect: Record<Actor, number | readonly number[]>;
  /** Why, when it is not obvious (public route, owner-only, admin-only, manager of this order only, …). */
  note?: string;
}
