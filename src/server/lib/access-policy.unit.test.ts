import { describe, expect, it } from 'vitest';
import { accountPrincipal, can, rolesOf } from './access.policy.ts';

const none = { staffRoles: [] };
const student = { id: 's', roles: rolesOf({ role: 'student', ...none }, { managesTeams: false }) };
const manager = {
  id: 'm',
  roles: rolesOf({ role: 'student', ...none }, { managesTeams: true, enrolled: false }),
};
const managerStudent = {
  id: 'ms',
  roles: rolesOf({ role: 'student', ...none }, { managesTeams: true, enrolled: true }),
};
const admin = { id: 'a', roles: rolesOf({ role: 'admin', ...none }, { managesTeams: false }) };

describe('access policy', () => {
  it('derives roles: a manager without enrolments is a manager only, with one both', () => {
    expect(student.roles).toEqual(['student']);
    expect(manager.roles).toEqual(['teamManager']);
    expect(managerStudent.roles).toEqual(['student', 'teamManager']);
    expect(admin.roles).toEqual(['admin']);
  });

  it('keeps the admin console to admins and the team portal to managers', () => {
    expect([student, manager, admin].map((p) => can(p, 'admin:access'))).toEqual([false, false, true]);
    expect([student, manager, managerStudent, admin].map((p) => can(p, 'team:manage'))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect([student, manager, admin].every((p) => can(p, 'portal:use'))).toBe(true);
  });

  it('shows every course and live session to admins only; others see their own courses', () => {
    expect([student, manager, managerStudent, admin].map((p) => can(p, 'course:readAll'))).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('lets a manager act on their own orders only, and admins read any invoice', () => {
    expect(can(manager, 'teamOrder:manage', { managerUserId: 'm' })).toBe(true);
    expect(can(manager, 'teamOrder:manage', { managerUserId: 'ms' })).toBe(false);
    expect(can(admin, 'teamOrder:manage', { managerUserId: 'm' })).toBe(false);
    expect(can(manager, 'invoice:read', { managerUserId: 'm' })).toBe(true);
    expect(can(managerStudent, 'invoice:read', { managerUserId: 'm' })).toBe(false);
    expect(can(admin, 'invoice:read', { managerUserId: 'm' })).toBe(true);
    expect(can(student, 'invoice:read', { managerUserId: null })).toBe(false);
  });

  it('keeps staff powers (all uploads, messaging anyone, certificates, tutoring) to admins', () => {
    for (const action of ['upload:anyType', 'message:anyone', 'certificate:manage'] as const) {
      expect([student, manager, managerStudent, admin].map((p) => can(p, action))).toEqual([
        false,
        false,
        false,
        true,
      ]);
    }
    expect(accountPrincipal({ id: 'x', role: 'admin', ...none }).roles).toEqual(['admin']);
    expect(accountPrincipal({ id: 'y', role: 'student', ...none }).roles).toEqual(['student']);
  });

  it('lets an owner and admins read what the owner holds', () => {
    expect(can(student, 'owned:read', { ownerId: 's' })).toBe(true);
    expect(can(student, 'owned:read', { ownerId: 'other' })).toBe(false);
    expect(can(student, 'owned:read', { ownerId: null })).toBe(false);
    expect(can(admin, 'owned:read', { ownerId: 'other' })).toBe(true);
    expect(can(manager, 'owned:read', { managerUserId: 'm' })).toBe(false);
  });
});
