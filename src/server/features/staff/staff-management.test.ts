import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, staffInvitations } from '#server/db/schema/index.ts';
import { createTestApp, eventually, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';

// Staff management (docs/staff.md): invitations by email (single-use, 7 days), the staff list, role changes and
// deactivation that end staff access at once.

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Tutor-Password-42';

async function invite(email: string, roles: string[] = ['tutor']) {
  const res = await api(t.app, admin).post('/api/admin/staff/invitations', {
    email,
    firstName: 'Tess',
    lastName: 'Tutor',
    roles,
  });
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff-invitation')))
    .orderBy(desc(emailOutbox.createdAt));
  const token = mail?.textBody.match(/token=([\w-]+)/)?.[1];
  return { res, token: token ?? '' };
}

describe('invitations', () => {
  it('emails a single-use link; accepting sets the password, a second use is 409, and the invitee signs in', async () => {
    const email = `tess-${Date.now()}@example.com`;
    const { res, token } = await invite(email, ['tutor', 'instructor']);
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(token.length).toBeGreaterThan(20);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(t.app).post('/api/staff/accept', { token, password: PASSWORD })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await api(t.app).post('/api/staff/accept', { token, password: PASSWORD })).statusCode).toBe(409);

    const cookie = await t.login({ email, password: PASSWORD });
    const me = (await api(t.app, { cookie }).get('/api/user')).json();
    expect(me.roles).toEqual(['tutor', 'instructor']);
    const staff = (await api(t.app, admin).get('/api/admin/staff')).json() as { email: string }[];
    expect(staff.find((s) => s.email === email)).toMatchObject({
      roles: ['tutor', 'instructor'],
      isActive: true,
    });
  });

  it('refuses an unknown or expired token, a weak password, an email in use and a non-admin inviter', async () => {
    expect(
      (await api(t.app).post('/api/staff/accept', { token: 'nope', password: PASSWORD })).json().code,
    ).toBe('INVITATION_INVALID');
    const { res, token } = await invite(`weak-${Date.now()}@example.com`);
    expect((await api(t.app).post('/api/staff/accept', { token, password: 'x' })).statusCode).toBe(400);
    // Long enough but on the common-passwords list: refused, and the link is not spent (below it answers as
    // expired, not as used).
    const leaked = await api(t.app).post('/api/staff/accept', { token, password: 'Password123!' });
    expect(leaked.statusCode).toBe(400);
    expect(leaked.json().code).toBe('WEAK_PASSWORD');
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, res.json().id));
    const expired = await api(t.app).post('/api/staff/accept', { token, password: PASSWORD });
    expect(expired.json().code).toBe('INVITATION_INVALID');
    const taken = await invite(admin.email);
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.json().code).toBe('STAFF_EMAIL_IN_USE');
    const bad = await api(t.app, admin).post('/api/admin/staff/invitations', {
      email: 'x@example.com',
      firstName: 'X',
      lastName: 'Y',
      roles: ['owner'],
    });
    expect(bad.statusCode).toBe(400);
    const tutor = await signedInStaff(t, 'tutor');
    expect((await api(t.app, tutor).post('/api/admin/staff/invitations', {})).statusCode).toBe(403);
    expect((await api(t.app).get('/api/admin/staff')).statusCode).toBe(401);
  });
});

describe('role changes and deactivation', () => {
  it('an empty role list ends staff access at once, in this and another process', async () => {
    const tutor = await signedInStaff(t, 'tutor');
    const second = await t.secondInstance();
    try {
      expect((await api(second.app, tutor).get('/api/admin/caseload')).statusCode).toBe(200);
      const changed = await api(t.app, admin).put(`/api/admin/staff/${tutor.id}`, { roles: [] });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().roles).toEqual([]);
      expect((await api(t.app, tutor).get('/api/admin/caseload')).statusCode).toBe(401);
      await eventually(async () =>
        expect((await api(second.app, tutor).get('/api/admin/caseload')).statusCode).toBe(401),
      );
    } finally {
      await second.close();
    }
  });

  it('isActive: false signs them out; roles change what they may do; the last admin stays one', async () => {
    const finance = await signedInStaff(t, 'finance');
    const promoted = await api(t.app, admin).put(`/api/admin/staff/${finance.id}`, {
      roles: ['finance', 'tutor'],
    });
    expect(promoted.json().roles).toEqual(['tutor', 'finance']);
    expect((await api(t.app, finance).get('/api/admin/caseload')).statusCode).toBe(200);
    expect(
      (await api(t.app, admin).put(`/api/admin/staff/${finance.id}`, { isActive: false })).statusCode,
    ).toBe(200);
    expect((await api(t.app, finance).get('/api/admin/team-orders')).statusCode).toBe(401);
    await expect(t.login(finance)).rejects.toThrow();

    const demoteSelf = await api(t.app, admin).put(`/api/admin/staff/${admin.id}`, { roles: ['tutor'] });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().code).toBe('LAST_ADMIN');
    const student = await t.createUser();
    expect(
      (await api(t.app, admin).put(`/api/admin/staff/${student.id}`, { roles: ['tutor'] })).statusCode,
    ).toBe(404);
  });
});
