import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/index.ts';
import { createCourse } from '#server/test/factories.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { apprenticeIn, pendingEntry, signedInStaff } from '#server/test/staff.ts';
import { recordAudit } from './audit.service.ts';

// The audit trail (docs/staff.md#audit-trail): staff changes are appended with who, when, where and a short
// before → after; the table refuses UPDATE and DELETE whoever asks; admins filter it and export it as CSV.

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let tutor: typeof admin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'admin');
  tutor = await signedInStaff(t, 'tutor');
});
afterAll(async () => {
  await t?.close();
});

describe('audit trail', () => {
  it('records approvals, role changes and content edits with actor, address and before → after', async () => {
    const student = await t.createUser();
    await apprenticeIn(t, student.id, tutor.id);
    const entry = await pendingEntry(t, student.id);
    await api(t.app, { ...tutor, remoteAddress: '203.0.113.9' }).post(`/api/admin/otj/${entry.id}/approve`);
    await api(t.app, admin).put(`/api/admin/staff/${tutor.id}`, { roles: ['tutor', 'instructor'] });
    const course = await createCourse(t.db, 'Wiring regs');
    await api(t.app, admin).post(`/api/admin/courses/${course.id}/modules`, {
      title: 'Earthing',
      description: 'd',
    });

    const byTutor = (await api(t.app, admin).get(`/api/admin/audit?actorId=${tutor.id}`)).json().items;
    expect(byTutor).toEqual([
      expect.objectContaining({
        actorId: tutor.id,
        actorEmail: tutor.email,
        action: 'otj.approve',
        entityType: 'otj_entry',
        entityId: entry.id,
        summary: 'status: pending → approved',
      }),
    ]);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, entry.id));
    expect(row!.ipAddress).toBe('203.0.113.9');

    const roles = (
      await api(t.app, admin).get(`/api/admin/audit?entityType=user&entityId=${tutor.id}`)
    ).json();
    expect(roles.items[0]).toMatchObject({
      action: 'staff.update',
      summary: 'roles: tutor → tutor, instructor',
    });
    const content = (await api(t.app, admin).get('/api/admin/audit?entityType=module')).json().items;
    expect(content[0]).toMatchObject({ action: 'module.create', summary: 'created: Earthing' });
  });

  it('filters by date and exports CSV; only admins read it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = (await api(t.app, admin).get(`/api/admin/audit?from=${today}&to=${today}`)).json().items;
    expect(all.length).toBeGreaterThan(0);
    expect((await api(t.app, admin).get('/api/admin/audit?to=2000-01-01')).json().items).toEqual([]);
    expect((await api(t.app, admin).get('/api/admin/audit?from=yesterday')).statusCode).toBe(400);
    const csv = await api(t.app, admin).get('/api/admin/audit.csv?entityType=otj_entry');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      '"at","actorId","actorEmail","ipAddress","action","entityType","entityId","summary"',
    );
    expect(csv.body).toContain('"otj.approve"');
    expect((await api(t.app, tutor).get('/api/admin/audit')).statusCode).toBe(403);
    expect((await api(t.app, tutor).get('/api/admin/audit.csv')).statusCode).toBe(403);
    expect((await api(t.app).get('/api/admin/audit')).statusCode).toBe(401);
  });

  it('refuses UPDATE, DELETE and TRUNCATE at the database, even from the app’s own SQL', async () => {
    await recordAudit(
      t.db,
      { id: admin.id, email: admin.email, ipAddress: null },
      {
        action: 'test.append',
        entityType: 'test',
        entityId: 'x',
        summary: 'appended',
      },
    );
    await expect(
      t.db.update(auditLog).set({ summary: 'rewritten' }).where(eq(auditLog.entityType, 'test')),
    ).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.entityType, 'test'))).rejects.toThrow();
    await expect(t.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'test'));
    expect(row!.summary).toBe('appended');
  });
});
