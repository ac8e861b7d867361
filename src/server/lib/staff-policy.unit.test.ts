import { describe, expect, it } from 'vitest';
import { accountPrincipal, can, rolesOf } from './access.policy.ts';

// The staff roles of docs/staff.md: each decided here, by the policy alone.

const staff = (id: string, ...staffRoles: ('tutor' | 'instructor' | 'finance')[]) =>
  accountPrincipal({ id, role: 'staff', staffRoles });
const tutor = staff('t', 'tutor');
const instructor = staff('i', 'instructor');
const finance = staff('f', 'finance');
const both = staff('b', 'tutor', 'instructor');
const admin = accountPrincipal({ id: 'a', role: 'admin', staffRoles: [] });
const student = accountPrincipal({ id: 's', role: 'student', staffRoles: [] });
const former = staff('x');

describe('staff roles in the access policy', () => {
  it('holds several roles at once, never student or team manager, and none once all are taken away', () => {
    expect(both.roles).toEqual(['tutor', 'instructor']);
    expect(
      rolesOf({ role: 'staff', staffRoles: ['finance'] }, { managesTeams: true, enrolled: true }),
    ).toEqual(['finance']);
    expect(former.roles).toEqual([]);
    expect(can(former, 'portal:use')).toBe(false);
    expect(can(former, 'console:access')).toBe(false);
  });

  it('opens the console door to any staff role, the admin-only API to admins only', () => {
    expect([tutor, instructor, finance, admin, student].map((p) => can(p, 'console:access'))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect([tutor, instructor, finance, admin].map((p) => can(p, 'admin:access'))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect([tutor, instructor, finance, admin].map((p) => can(p, 'staff:manage'))).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('lets a tutor act for their own caseload only', () => {
    expect(can(tutor, 'apprenticeship:tutor', { tutorUserId: 't' })).toBe(true);
    expect(can(tutor, 'apprenticeship:tutor', { tutorUserId: 'other' })).toBe(false);
    expect(can(tutor, 'apprenticeship:tutor', { tutorUserId: null })).toBe(false);
    expect(can(tutor, 'apprenticeship:tutor')).toBe(false);
    expect(can(instructor, 'apprenticeship:tutor', { tutorUserId: 'i' })).toBe(false);
    expect(can(admin, 'apprenticeship:tutor', { tutorUserId: null })).toBe(true);
    expect(can(tutor, 'caseload:read')).toBe(true);
    expect(can(finance, 'caseload:read')).toBe(false);
  });

  it('lets an instructor teach their assigned courses only', () => {
    expect(can(instructor, 'course:teach', { instructorUserIds: ['i', 'z'] })).toBe(true);
    expect(can(instructor, 'course:teach', { instructorUserIds: ['z'] })).toBe(false);
    expect(can(tutor, 'course:teach', { instructorUserIds: ['t'] })).toBe(false);
    expect(can(admin, 'course:teach', { instructorUserIds: [] })).toBe(true);
    expect(can(instructor, 'upload:anyType')).toBe(true);
    expect(can(finance, 'upload:anyType')).toBe(false);
  });

  it('gives finance the money and nothing of learning, evidence or messages', () => {
    for (const action of ['payment:read', 'payment:markPaid', 'payment:refund', 'invoice:read'] as const) {
      expect([finance, admin, tutor, instructor, student].map((p) => can(p, action))).toEqual([
        true,
        true,
        false,
        false,
        false,
      ]);
    }
    expect(can(finance, 'message:anyone')).toBe(false);
    expect(can(finance, 'owned:read', { ownerId: 's' })).toBe(false);
    expect(can(finance, 'course:listTaught')).toBe(false);
    expect(can(tutor, 'message:anyone')).toBe(true);
  });
});
