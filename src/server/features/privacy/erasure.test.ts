import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#server/db/schema/index.ts';
import { deliverDue } from '#server/lib/mail/outbox.service.ts';
import { privacyDeps } from '#server/test/feature-deps.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { query } from './person.repo.ts';
import { MESSAGE_REMOVED } from './personal-data.registry.ts';
import { personWithEverything } from './privacy.fixtures.ts';
import { runRetention } from './retention.service.ts';

// Erasure with legal holds (README 'Your data'): the person is replaced everywhere; the holds keep exactly the
// records they name until their end date, when the retention job finishes the erasure.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ fundingRetentionUntil: '2030-12-31' });
});
afterAll(async () => {
  await t?.close();
});

/** Every text-like column of every table (text, varchar, json, jsonb, arrays) that mentions one of `needles`. */
async function mentionsOf(needles: string[]): Promise<string[]> {
  const columns = await query(
    t.db,
    sql`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns)
    byTable.set(String(table), [...(byTable.get(String(table)) ?? []), String(column)]);
  const hits: string[] = [];
  // One statement per table: for each of its columns, whether any row mentions any needle.
  for (const [table, cols] of byTable) {
    const checks = cols.map((c) => {
      const value = sql`lower(${sql.identifier(c)}::text)`;
      const any = sql.join(
        needles.map((n) => sql`strpos(${value}, ${n.toLowerCase()}) > 0`),
        sql` OR `,
      );
      return sql`coalesce(bool_or(${any}), false) AS ${sql.identifier(c)}`;
    });
    const [row] = await query(t.db, sql`SELECT ${sql.join(checks, sql`, `)} FROM ${sql.identifier(table)}`);
    for (const c of cols) if (row?.[c]) hits.push(`${table}.${c}`);
  }
  return hits;
}

/** The rows the features built beside 'Your data' hold about the person, per table. */
async function featureRows(personId: string) {
  const apprenticeship = sql`(SELECT id FROM apprenticeships WHERE student_id = ${personId})`;
  const [row] = await query(
    t.db,
    sql`SELECT
      (SELECT count(*) FROM refunds WHERE payment_id IN (SELECT id FROM payments WHERE user_id = ${personId}))::int AS "refunds",
      (SELECT count(*) FROM credit_notes WHERE team_order_id IN (SELECT id FROM team_orders WHERE manager_user_id = ${personId}))::int AS "credit_notes",
      (SELECT count(*) FROM discount_redemptions WHERE payment_id IN (SELECT id FROM payments WHERE user_id = ${personId}))::int AS "discount_redemptions",
      (SELECT count(*) FROM ksb_signoffs WHERE apprenticeship_id IN ${apprenticeship})::int AS "ksb_signoffs",
      (SELECT count(*) FROM otj_entry_ksbs WHERE entry_id IN (SELECT id FROM otj_entries WHERE student_id = ${personId}))::int AS "otj_entry_ksbs",
      (SELECT count(*) FROM topic_ksb_evidence WHERE apprenticeship_id IN ${apprenticeship})::int AS "topic_ksb_evidence",
      (SELECT count(*) FROM apprenticeship_qualifications WHERE apprenticeship_id IN ${apprenticeship})::int AS "apprenticeship_qualifications",
      (SELECT count(*) FROM gateway_signatures WHERE apprenticeship_id IN ${apprenticeship})::int AS "gateway_signatures",
      (SELECT count(*) FROM live_session_attendance WHERE user_id = ${personId})::int AS "live_session_attendance",
      (SELECT count(*) FROM live_session_responses WHERE user_id = ${personId})::int AS "live_session_responses",
      (SELECT count(*) FROM notifications WHERE user_id = ${personId})::int AS "notifications",
      (SELECT count(*) FROM notification_preferences WHERE user_id = ${personId})::int AS "notification_preferences"`,
  );
  return row as Record<string, number>;
}

const stats = async (cookie: string) =>
  (await t.app.inject({ url: '/api/admin/stats', headers: { cookie } })).json();

describe('erasure', () => {
  // One long story (ten erasures at once, a scan of every column, the retention job twice): slow on a busy machine.
  it('pseudonymises the person everywhere, once, keeping only what the holds name, until they end', {
    timeout: 120_000,
  }, async () => {
    const { person, admin, paymentId, orderId, invoice, avatarKey, evidenceKey, qualificationKey } =
      await personWithEverything(t);
    const adminCookie = await t.login(admin);
    const cookie = await t.login(person);
    const before = await stats(adminCookie);

    const asked = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'POST', url: '/api/account/erasure-requests', headers: { cookie } }),
      ),
    );
    expect(asked.map((a) => a.statusCode)).toEqual([202, 202]);
    expect(asked[0]!.json().id).toBe(asked[1]!.json().id);
    const requestId = asked[0]!.json().id;
    const register = (
      await t.app.inject({ url: '/api/admin/data-requests', headers: { cookie: adminCookie } })
    ).json();
    const item = register.items.find((i: { id: string }) => i.id === requestId);
    expect(item).toMatchObject({ userId: person.id, kind: 'erasure', status: 'open' });
    const month = new Date(item.receivedAt);
    month.setUTCMonth(month.getUTCMonth() + 1);
    expect(item.dueAt.slice(0, 10)).toBe(month.toISOString().slice(0, 10));

    // The scan finds them before (so it can fail), in the tables of the later features too.
    const mentioned = await mentionsOf([person.email, person.fullName]);
    expect(mentioned.length).toBeGreaterThan(10);
    expect(mentioned).toEqual(
      expect.arrayContaining([
        'refunds.reason',
        'credit_notes.reason',
        'discount_redemptions.email',
        'apprenticeship_qualifications.title',
        'gateway_signatures.name',
        'payments.student_data',
        'team_orders.buyer',
        'otj_entries.description',
        'scorm_attempts.cmi',
      ]),
    );
    const rowsBefore = await featureRows(person.id);
    // Their certificate's public page, cached as every visitor gets it (features/public-pages).
    const [issued] = await t.db.select().from(s.certificates).where(eq(s.certificates.userId, person.id));
    const certificatePage = async () => (await t.app.inject({ url: `/certificates/${issued!.code}` })).body;
    expect(await certificatePage()).toContain(issued!.holderName);
    expect(Object.entries(rowsBefore).filter(([, n]) => n === 0)).toEqual([]);

    // Ten admins at once: one erasure, the same answer for all.
    const erased = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/data-requests/${requestId}/erase`,
          headers: { cookie: adminCookie },
        }),
      ),
    );
    expect(erased.map((e) => e.statusCode)).toEqual(Array(10).fill(200));
    const expectedHolds = [
      { kind: 'payments', until: '2033-04-05' },
      { kind: 'apprenticeship', until: '2030-12-31' },
    ];
    for (const e of erased) {
      expect(e.json().erased).toBe(true);
      expect(
        e.json().holds.map(({ kind, until }: { kind: string; until: string }) => ({ kind, until })),
      ).toEqual(expectedHolds);
    }
    const [{ n: audits }] = (await query(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'person.erase' AND entity_id = ${person.id}`,
    )) as [{ n: number }];
    expect(audits).toBe(1);

    // Signed out everywhere, and cannot sign in again.
    expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    const search = await t.app.inject({
      url: `/api/admin/students?search=${encodeURIComponent(person.email)}`,
      headers: { cookie: adminCookie },
    });
    expect(search.json().students).toEqual([]);

    // The person was told which holds apply; once sent, their address goes from that email too.
    const [notice] = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.kind, 'erasure-notice'));
    expect(notice!.toAddress).toBe(person.email);
    expect(notice!.textBody).toContain('Payments and invoices until 05/04/2033');
    expect(notice!.textBody).toContain('Apprenticeship records and evidence until 31/12/2030');
    await deliverDue(t.db, null);
    const deps = privacyDeps(t.app);
    await runRetention(deps);

    // No copy of their email or name in any text column of any table.
    expect(await mentionsOf([person.email, person.fullName, person.lastName])).toEqual([]);
    // Signing in with the old email fails (after the scan: a failed attempt counts against the typed address in
    // rate_limits, which the retention job clears after a day).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(401);

    // Finance still sees the invoice: its number and amounts, with the pseudonymised customer.
    const orders = (
      await t.app.inject({ url: '/api/admin/team-orders', headers: { cookie: adminCookie } })
    ).json();
    const order = orders.orders.find((o: { id: string }) => o.id === orderId);
    expect(order.invoice).toEqual({ id: invoice.id, number: invoice.number });
    expect(order.buyer).toMatchObject({
      firstName: 'Erased',
      email: expect.stringMatching(/@erased\.invalid$/),
    });
    const pdf = await t.app.inject({
      url: `/api/invoices/${invoice.id}.pdf`,
      headers: { cookie: adminCookie },
    });
    expect(pdf.statusCode).toBe(200);

    // Holds keep exactly what they name; the rest is gone; the figures did not move.
    const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, paymentId));
    expect(payment).toMatchObject({ amountPence: 9999, status: 'succeeded', userId: person.id });
    // The fixture's entry, the one logged through the app, and the live session the register marked them at.
    expect(await t.db.select().from(s.otjEntries).where(eq(s.otjEntries.studentId, person.id))).toHaveLength(
      3,
    );
    // The money hold keeps refunds, credit notes and discount uses; the apprenticeship hold keeps the KSB
    // evidence, sign-offs, qualifications (and their certificate file), gateway signatures and the register;
    // the person's answers, notifications and email switches go.
    expect(await featureRows(person.id)).toEqual({
      ...rowsBefore,
      live_session_responses: 0,
      notifications: 0,
      notification_preferences: 0,
    });
    expect(await t.app.objectStore.stat(qualificationKey)).not.toBeNull();
    expect(
      await t.db.select().from(s.progressReviews).where(eq(s.progressReviews.studentId, person.id)),
    ).toHaveLength(1);
    expect(await t.app.objectStore.stat(evidenceKey)).not.toBeNull();
    expect(await t.app.objectStore.stat(avatarKey)).toBeNull();
    const own = await t.db.select().from(s.messages).where(eq(s.messages.senderId, person.id));
    expect(own.map((m) => m.content)).toEqual([MESSAGE_REMOVED]);
    const [cert] = await t.db.select().from(s.certificates).where(eq(s.certificates.userId, person.id));
    expect(cert!.revokedAt).not.toBeNull();
    const pageAfter = await certificatePage();
    expect(pageAfter).not.toContain(issued!.holderName);
    expect(pageAfter).toContain('Revoked on');
    const after = await stats(adminCookie);
    expect(after.totalStudents).toBe(before.totalStudents);
    expect(after.completionRate).toBe(before.completionRate);
    expect(after.totalViews).toBe(before.totalViews);

    // The retention job, on a test clock: the apprenticeship hold ends first.
    const first = await runRetention(deps, new Date('2031-01-01T03:00:00Z'));
    expect(first.apprenticeship).toBe(1);
    expect(first.payments).toBe(0);
    expect(await t.db.select().from(s.otjEntries).where(eq(s.otjEntries.studentId, person.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(s.apprenticeships).where(eq(s.apprenticeships.studentId, person.id)),
    ).toHaveLength(0);
    expect(await t.app.objectStore.stat(evidenceKey)).toBeNull();
    expect(await t.app.objectStore.stat(qualificationKey)).toBeNull();
    const released = await featureRows(person.id);
    for (const table of [
      'ksb_signoffs',
      'otj_entry_ksbs',
      'topic_ksb_evidence',
      'apprenticeship_qualifications',
      'gateway_signatures',
    ])
      expect(released[table], table).toBe(0);
    expect(released.refunds).toBe(rowsBefore.refunds);

    // Credit notes stay unchangeable: outside an erasure nothing may change, within one only the reason.
    const [note] = await query(t.db, sql`SELECT id, reason FROM credit_notes LIMIT 1`);
    expect(String(note!.reason)).toContain('Erased learner');
    await expect(
      t.db.execute(sql`UPDATE credit_notes SET reason = 'x' WHERE id = ${note!.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('tradeskills.erasure', 'on', true)`);
        await tx.execute(sql`UPDATE credit_notes SET amount_pence = 1 WHERE id = ${note!.id}`);
      }),
    ).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('tradeskills.erasure', 'on', true)`);
        await tx.execute(sql`DELETE FROM credit_notes WHERE id = ${note!.id}`);
      }),
    ).rejects.toThrow();
    expect((await t.db.select().from(s.payments).where(eq(s.payments.id, paymentId)))[0]!.userId).toBe(
      person.id,
    );
    expect((await runRetention(deps, new Date('2031-01-01T03:00:00Z'))).apprenticeship).toBe(0);

    const second = await runRetention(deps, new Date('2033-04-06T03:00:00Z'));
    expect(second.payments).toBe(1);
    const [detached] = await t.db.select().from(s.payments).where(eq(s.payments.id, paymentId));
    expect(detached).toMatchObject({ userId: null, amountPence: 9999 });
    expect(await t.db.select().from(s.invoices).where(eq(s.invoices.id, invoice.id))).toHaveLength(1);
    const log = await t.db.select().from(s.retentionLog);
    expect(log.filter((l) => l.rule === 'apprenticeship' || l.rule === 'payments')).toHaveLength(2);
  });

  it('refuses what is not an erasure of a learner', async () => {
    const { person, admin } = await personWithEverything(t);
    const adminCookie = await t.login(admin);
    const access = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data-requests',
      headers: { cookie: adminCookie },
      payload: { email: person.email, kind: 'access' },
    });
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `/api/admin/data-requests/${access.json().id}/erase`,
      headers: { cookie: adminCookie },
    });
    expect(wrongKind.statusCode).toBe(409);
    expect(wrongKind.json().code).toBe('NOT_AN_ERASURE_REQUEST');
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data-requests',
      headers: { cookie: adminCookie },
      payload: { email: admin.email, kind: 'erasure' },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/data-requests/${staff.json().id}/erase`,
      headers: { cookie: adminCookie },
    });
    expect(refused.json().code).toBe('CANNOT_ERASE_STAFF');
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/data-requests/${crypto.randomUUID()}/erase`,
      headers: { cookie: adminCookie },
    });
    expect(unknown.statusCode).toBe(404);
    const badDate = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data-requests',
      headers: { cookie: adminCookie },
      payload: { email: person.email, kind: 'erasure', receivedOn: '2026-13-45' },
    });
    expect(badDate.statusCode).toBe(400);
  });
});
