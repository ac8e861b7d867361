// Who may do what, in one place (docs: ARCHITECTURE.md "Access policy"). Routes and services ask `can`; adding
// a role means editing this module and the authorization matrix (src/server/features/*/<feature>.authz.ts).
//
// Roles are not one column: a person can hold several.
// - admin: `users.role = 'admin'`.
// - student: a non-admin account (`users.role = 'student'`), except a team manager with no enrolment: they are
//   a manager only until they are enrolled (e.g. by assigning themselves a seat), then both.
// - teamManager: derived, never assigned by hand: the user manages at least one team order
//   (`team_orders.manager_user_id`), set when they pay for one by card or place an invoice order.

export type Role = 'student' | 'teamManager' | 'admin';

export interface Principal {
  id: string;
  roles: readonly Role[];
}

/** Something owned by a team manager: a team order, its seats, its invoice. */
export interface ManagedResource {
  managerUserId: string | null;
}

/** Something one account owns, e.g. an uploaded file. */
export interface OwnedResource {
  ownerId: string | null;
}

export type Action =
  /** The learning portal (dashboard, courses, progress, messages): every signed-in account. */
  | 'portal:use'
  /** The admin console and its API. */
  | 'admin:access'
  /** Every course and every live session, enrolled or not (students see only their own courses' ones). */
  | 'course:readAll'
  /** The team manager portal (`/team`, `/api/team`). */
  | 'team:manage'
  /** One team order, its seats and members' progress: its own manager only. */
  | 'teamOrder:manage'
  /** One invoice PDF: the order's manager or an admin. */
  | 'invoice:read'
  /** A record one account owns (an upload not yet shared, OTJ evidence, a certificate): its owner or an admin. */
  | 'owned:read'
  /** Upload videos and presentations (everyone else: images only, a few an hour). */
  | 'upload:anyType'
  /** Message anyone and see every participant's email (students message only staff, see only staff emails). */
  | 'message:anyone'
  /** Issue, revoke and reissue certificates; read revoked ones. */
  | 'certificate:manage'
  /** The apprenticeship tutor: approve evidence, record and sign reviews as tutor, read every review. */
  | 'apprenticeship:tutor';

export function hasRole(principal: Principal, role: Role): boolean {
  return principal.roles.includes(role);
}

export interface RoleFacts {
  managesTeams: boolean;
  /** Whether the user has any enrolment; only asked when they manage teams. */
  enrolled?: boolean;
}

export function rolesOf(user: { role: 'admin' | 'student' }, facts: RoleFacts): Role[] {
  const roles: Role[] = [];
  if (user.role === 'admin') roles.push('admin');
  else if (!facts.managesTeams || facts.enrolled !== false) roles.push('student');
  if (facts.managesTeams) roles.push('teamManager');
  return roles;
}

/** The roles a users row alone gives (admin, or any other account): for checks that need no derived role. */
export function accountPrincipal(user: { id: string; role: string }): Principal {
  return {
    id: user.id,
    roles: rolesOf({ role: user.role === 'admin' ? 'admin' : 'student' }, { managesTeams: false }),
  };
}

export function can(
  principal: Principal,
  action: Action,
  resource?: ManagedResource | OwnedResource,
): boolean {
  switch (action) {
    case 'portal:use':
      return principal.roles.length > 0;
    case 'admin:access':
    case 'course:readAll':
    case 'upload:anyType':
    case 'message:anyone':
    case 'certificate:manage':
    case 'apprenticeship:tutor':
      return hasRole(principal, 'admin');
    case 'team:manage':
      return hasRole(principal, 'teamManager');
    case 'teamOrder:manage':
      return hasRole(principal, 'teamManager') && managerOf(resource) === principal.id;
    case 'invoice:read':
      return (
        hasRole(principal, 'admin') ||
        (hasRole(principal, 'teamManager') && managerOf(resource) === principal.id)
      );
    case 'owned:read':
      return (
        hasRole(principal, 'admin') ||
        (!!resource && 'ownerId' in resource && resource.ownerId === principal.id)
      );
  }
}

const managerOf = (resource: ManagedResource | OwnedResource | undefined) =>
  resource && 'managerUserId' in resource ? resource.managerUserId : undefined;
