import { describe, expect, it } from 'vitest';
import { ACCESS_DENIED, type AccessInput, decideAccess, SIGNED_OUT, TEAM_ACCESS_DENIED } from './access.ts';

const signedOut: AccessInput = { isLoading: false, user: null };
const loading: AccessInput = { isLoading: true, user: null };
const admin: AccessInput = { isLoading: false, user: { role: 'admin', mustChangePassword: false } };
const student: AccessInput = { isLoading: false, user: { role: 'student', mustChangePassword: false } };
const tempAdmin: AccessInput = { isLoading: false, user: { role: 'admin', mustChangePassword: true } };
const manager: AccessInput = {
  isLoading: false,
  user: { role: 'student', mustChangePassword: false, roles: ['teamManager'] },
};
const managerStudent: AccessInput = {
  isLoading: false,
  user: { role: 'student', mustChangePassword: false, roles: ['student', 'teamManager'] },
};
const tempStudent: AccessInput = { isLoading: false, user: { role: 'student', mustChangePassword: true } };

describe('decideAccess', () => {
  it('waits for the user check on every signed-in area', () => {
    for (const area of ['home', 'admin', 'student', 'account'] as const) {
      expect(decideAccess(area, loading)).toEqual({ kind: 'loading' });
    }
  });

  describe('home (/)', () => {
    it('shows the landing page to visitors', () => {
      expect(decideAccess('home', signedOut)).toEqual({ kind: 'allow' });
    });
    it('sends admins to /admin and students to /dashboard at once, inside the app', () => {
      expect(decideAccess('home', admin)).toEqual({
        kind: 'redirect',
        to: '/admin',
        via: 'router',
        delayMs: 0,
      });
      expect(decideAccess('home', student)).toEqual({
        kind: 'redirect',
        to: '/dashboard',
        via: 'router',
        delayMs: 0,
      });
    });
    it('asks for a new password first when the account has a temporary one', () => {
      expect(decideAccess('home', tempStudent)).toEqual({ kind: 'change-password' });
      expect(decideAccess('home', tempAdmin)).toEqual({ kind: 'change-password' });
    });
  });

  describe('admin dashboard', () => {
    it('lets admins in', () => {
      expect(decideAccess('admin', admin)).toEqual({ kind: 'allow' });
    });
    it('denies students with a toast and sends them to / after 500 ms', () => {
      expect(decideAccess('admin', student)).toEqual({
        kind: 'redirect',
        to: '/',
        via: 'router',
        delayMs: 500,
        notice: ACCESS_DENIED,
      });
    });
    it('denies visitors with a toast and a full-page redirect to /api/login after 500 ms', () => {
      expect(decideAccess('admin', signedOut)).toEqual({
        kind: 'redirect',
        to: '/api/login',
        via: 'document',
        delayMs: 500,
        notice: ACCESS_DENIED,
      });
    });
    it('uses the spec wording', () => {
      expect(ACCESS_DENIED).toEqual({
        title: 'Access Denied',
        description: 'Admin access required. Redirecting...',
      });
    });
    it('asks an admin with a temporary password to change it', () => {
      expect(decideAccess('admin', tempAdmin)).toEqual({ kind: 'change-password' });
    });
  });

  describe('student dashboard and account', () => {
    it('lets any signed-in user in (admins get the student view)', () => {
      for (const area of ['student', 'account'] as const) {
        expect(decideAccess(area, student)).toEqual({ kind: 'allow' });
        expect(decideAccess(area, admin)).toEqual({ kind: 'allow' });
      }
    });
    it('sends visitors to /api/login after 500 ms with the logged-out toast', () => {
      for (const area of ['student', 'account'] as const) {
        expect(decideAccess(area, signedOut)).toEqual({
          kind: 'redirect',
          to: '/api/login',
          via: 'document',
          delayMs: 500,
          notice: SIGNED_OUT,
        });
      }
      expect(SIGNED_OUT).toEqual({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
      });
    });
    it('asks for a new password first', () => {
      expect(decideAccess('student', tempStudent)).toEqual({ kind: 'change-password' });
      expect(decideAccess('account', tempStudent)).toEqual({ kind: 'change-password' });
    });
  });

  describe('login page', () => {
    it('shows the form to visitors without waiting for the user check', () => {
      expect(decideAccess('guest', signedOut)).toEqual({ kind: 'allow' });
      expect(decideAccess('guest', loading)).toEqual({ kind: 'allow' });
    });
    it('sends a signed-in user home', () => {
      expect(decideAccess('guest', student)).toEqual({
        kind: 'redirect',
        to: '/',
        via: 'router',
        delayMs: 0,
      });
      expect(decideAccess('guest', admin)).toEqual({ kind: 'redirect', to: '/', via: 'router', delayMs: 0 });
    });
  });

  describe('team (/team)', () => {
    it('sends a manager who is only a manager home to /team, and keeps the dashboard for one who also studies', () => {
      expect(decideAccess('home', manager)).toMatchObject({ kind: 'redirect', to: '/team' });
      expect(decideAccess('home', managerStudent)).toMatchObject({ kind: 'redirect', to: '/dashboard' });
    });
    it('lets managers in and turns students and admins away with a notice', () => {
      expect(decideAccess('team', manager)).toEqual({ kind: 'allow' });
      expect(decideAccess('team', managerStudent)).toEqual({ kind: 'allow' });
      for (const user of [student, admin]) {
        expect(decideAccess('team', user)).toMatchObject({
          kind: 'redirect',
          to: '/',
          notice: TEAM_ACCESS_DENIED,
        });
      }
    });
    it('sends visitors to sign in', () => {
      expect(decideAccess('team', signedOut)).toMatchObject({
        kind: 'redirect',
        via: 'document',
        notice: SIGNED_OUT,
      });
    });
  });
});
