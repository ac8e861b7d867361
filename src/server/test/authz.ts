// The authorization matrix: every route the app registers has one case here, per feature, in
// `src/server/features/<feature>/<feature>.authz.ts` (`export const authzCases: AuthzCase[]`).
// `src/server/test/authz-matrix.test.ts` collects them all, enumerates the running app's routes and fails when a
// route has no case, so a new route cannot land without saying who may call it.
import type { FastifyInstance } from 'fastify';
import type { Database } from '#server/db/client.ts';

/** Who calls. `student` owns the resource a case prepares; `otherStudent` is a different, unrelated student. */
export type Actor = 'anonymous' | 'student' | 'otherStudent' | 'teamManager' | 'admin';
export const ACTORS: readonly Actor[] = ['anonymous', 'student', 'otherStudent', 'teamManager', 'admin'];

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
}

export interface AuthzRequest {
  /** Values for the route's `:params`. Unset params get a random UUID. */
  params?: Record<string, string>;
  /** Query string without the leading `?`. */
  query?: string;
  body?: unknown;
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
