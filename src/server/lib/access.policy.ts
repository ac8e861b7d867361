// Who may do what, in one place (docs: ARCHITECTURE.md "Access policy", docs/staff.md). Routes and services ask
// `can`; adding a role means editing this module and the authorization matrix
// (src/server/features/*/<feature>.authz.ts).
//
// Roles are not one column: a person can hold several.
// - admin: `users.role = 'admin'`.
// - tutor, instructor, finance: `users.staff_roles`, given by an admin (staff management), never by a purchase.
//   Their account is `users.role = 'staff'` (or 'admin'): a staff account is never a student.
// - student: a student account (`users.role = 'student'`), except a team manager with no enrolment: they are
//   a manager only until they are enrolled (e.g. by assigning themselves a seat), then both.
// - teamManager: derived, never assigned by hand: the user manages at least one team order
//   (`team_orders.manager_user_id`), set when they pay for one by card or place an invoice order.
// A staff account whose roles were all taken away holds no role: it is refused everywhere.

import type { StaffRole } from '#shared/constants.ts';

export type Role = 'student' | 'teamManager' | StaffRole;

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

/** An apprentice, as far as their tutor goes: who holds them in their caseload. */
export interface ApprenticeResource {
  tutorUserId: string | null;
}

/** A course, as far as teaching goes: the instructors assigned to it. */
export interface CourseResource {
  instructorUserIds: readonly string[];
}

type Resource = ManagedResource | OwnedResource | ApprenticeResource | CourseResource;

export type Action =
  /** The learning portal (dashboard, courses, progress, messages): every signed-in account. */
  | 'portal:use'
  /** The admin console's door: any staff role (each tab then asks for its own action). */
  | 'console:access'
  /** Everything the admin console does that no narrower action below names: admins only. */
  | 'admin:access'
  /** Staff management (invitations, roles, deactivation, caseloads, course instructors) and the audit log. */
  | 'staff:manage'
  /** Every course and every live session, enrolled or not (students see only their own courses' ones). */
  | 'course:readAll'
  /** The course list of the console's content tab: admins (every course) and instructors (their own). */
  | 'course:listTaught'
  /** Edit one course's modules, topics, quizzes and media; see its students' progress: admin or its instructor. */
  | 'course:teach'
  /** The team manager portal (`/team`, `/api/team`). */
  | 'team:manage'
  /** One team order, its seats and members' progress: its own manager only. */
  | 'teamOrder:manage'
  /** One invoice PDF: the team order's manager, the individual buyer it was issued to, an admin or finance. */
  | 'invoice:read'
  /** Payments, team orders, invoices and the ledger, read: admin or finance. */
  | 'payment:read'
  /** Mark a team order paid, adjust what was bought: admin or finance. */
  | 'payment:markPaid'
  /** Refund a payment: admin or finance. */
  | 'payment:refund'
  /** Discount codes and team price tiers (docs/product.md#discount-codes-and-team-prices): admin or finance. */
  | 'payment:discount'
  /** A record one account owns (an upload not yet shared, OTJ evidence, a certificate): its owner or an admin. */
  | 'owned:read'
  /** Upload videos and presentations (everyone else: images only, a few an hour): admins and instructors. */
  | 'upload:anyType'
  /**
   * Message anyone and see every participant's email (students message only these staff, see only their emails):
   * admins, tutors and instructors; finance has no messages.
   */
  | 'message:anyone'
  /** Issue, revoke and reissue certificates; read revoked ones. */
  | 'certificate:manage'
  /** The caseload screen and the apprentices list: admins (everyone) and tutors (their own caseload). */
  | 'caseload:read'
  /**
   * One apprentice's tutor: read progress and evidence, approve or reject OTJ entries, record and sign reviews.
   * Admins for every apprentice, a tutor for their caseload only.
   */
  | 'apprenticeship:tutor'
  /** Take a live session's register (docs/product.md#live-sessions): admins, tutors and instructors. */
  | 'session:register';

export function hasRole(principal: Principal, role: Role): boolean {
  return principal.roles.includes(role);
}

export interface RoleFacts {
  managesTeams: boolean;
  /** Whether the user has any enrolment; only asked when they manage teams. */
  enrolled?: boolean;
}

/** What the users row says about roles. */
export interface AccountRoles {
  role: 'admin' | 'staff' | 'student';
  staffRoles: readonly string[];
}

const GRANTABLE: readonly Role[] = ['tutor', 'instructor', 'finance'];

export function rolesOf(user: AccountRoles, facts: RoleFacts): Role[] {
  const roles: Role[] = [];
  if (user.role === 'admin') roles.push('admin');
  if (user.role !== 'student') {
    for (const role of GRANTABLE) if (user.staffRoles.includes(role)) roles.push(role);
    return roles;
  }
  if (!facts.managesTeams || facts.enrolled !== false) roles.push('student');
  if (facts.managesTeams) roles.push('teamManager');
  return roles;
}

/** The roles a users row alone gives (staff roles, or student), for checks that need no derived role. */
export function accountPrincipal(user: { id: string } & AccountRoles): Principal {
  return { id: user.id, roles: rolesOf(user, { managesTeams: false }) };
}

const STAFF: readonly Role[] = ['admin', 'tutor', 'instructor', 'finance'];

export function can(principal: Principal, action: Action, resource?: Resource): boolean {
  const admin = hasRole(principal, 'admin');
  const finance = admin || hasRole(principal, 'finance');
  switch (action) {
    case 'portal:use':
      return principal.roles.length > 0;
    case 'console:access':
      return principal.roles.some((r) => STAFF.includes(r));
    case 'admin:access':
    case 'staff:manage':
    case 'course:readAll':
    case 'certificate:manage':
      return admin;
    case 'message:anyone':
    case 'session:register':
      return admin || hasRole(principal, 'tutor') || hasRole(principal, 'instructor');
    case 'course:listTaught':
      return admin || hasRole(principal, 'instructor');
    case 'upload:anyType':
      return admin || hasRole(principal, 'instructor');
    case 'course:teach':
      return (
        admin ||
        (hasRole(principal, 'instructor') &&
          !!resource &&
          'instructorUserIds' in resource &&
          resource.instructorUserIds.includes(principal.id))
      );
    case 'caseload:read':
      return admin || hasRole(principal, 'tutor');
    case 'apprenticeship:tutor':
      if (admin) return true;
      if (!hasRole(principal, 'tutor')) return false;
      return !!resource && 'tutorUserId' in resource && resource.tutorUserId === principal.id;
    case 'payment:read':
    case 'payment:markPaid':
    case 'payment:refund':
    case 'payment:discount':
      return finance;
    case 'team:manage':
      return hasRole(principal, 'teamManager');
    case 'teamOrder:manage':
      return hasRole(principal, 'teamManager') && managerOf(resource) === principal.id;
    case 'invoice:read':
      if (finance) return true;
      if (resource && 'ownerId' in resource) return resource.ownerId === principal.id;
      return hasRole(principal, 'teamManager') && managerOf(resource) === principal.id;
    case 'owned:read':
      return admin || (!!resource && 'ownerId' in resource && resource.ownerId === principal.id);
  }
}

const managerOf = (resource: Resource | undefined) =>
  resource && 'managerUserId' in resource ? resource.managerUserId : undefined;
