import { describe, expect, it } from 'vitest';
import { can, rolesOf } from './access-policy.ts';

const student = { id: 's', roles: rolesOf({ role: 'student' }, { managesTeams: false }) };
const manager = { id: 'm', roles: rolesOf({ role: 'student' }, { managesTeams: true, enrolled: false }) };
const managerStudent = {
  id: 'ms',
  roles: rolesOf({ role: 'student' }, { managesTeams: true, enrolled: true }),
};
const admin = { id: 'a', roles: rolesOf({ role: 'admin' }, { managesTeams: false }) };

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

  it('lets an uploader and admins read a file that is not yet shared with a course', () => {
    expect(can(student, 'upload:read', { ownerId: 's' })).toBe(true);
    expect(can(student, 'upload:read', { ownerId: 'other' })).toBe(false);
    expect(can(student, 'upload:read', { ownerId: null })).toBe(false);
    expect(can(admin, 'upload:read', { ownerId: 'other' })).toBe(true);
    expect(can(manager, 'upload:read', { managerUserId: 'm' })).toBe(false);
  });
});
