import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, paymentInstalments, refundParts, refunds } from '#server/db/schema/index.ts';
import { instalmentDeps } from '#server/test/feature-deps.ts';
import { buyCourse } from '#server/test/fixtures/purchases.ts';
import { seedCourse } from '#server/test/fixtures/teams.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { runInstalments } from './instalments.service.ts';

// A monthly plan whose instalments the job charged with the built-in provider (walked with a test clock), then
// refunded: one provider refund per charge, newest first, each no larger than its charge
// (docs/decisions/0023-plan-refund-credit-notes.md), however the clicks race.

let t: TestContext;
let courseId: string;
let finance: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  courseId = (await seedCourse(t.db, 'Roofing Plan')).courseId;
  await t.db.update(courses).set({ monthlyPricePence: 3000, instalments: 4 }).where(eq(courses.id, courseId));
  finance = await signedInStaff(t, 'finance');
});
afterAll(() => t.close());

const refund = (paymentId: string, body: object) =>
  api(t.app, { cookie: finance.cookie }).post(`/api/admin/payments/${paymentId}/refunds`, body);

/** A plan of four £30.00 payments whose second and third the job charged on their due dates. */
async function planChargedTwice() {
  const bought = await buyCourse(t, courseId, { plan: 'monthly' });
  const later = await t.db
    .select()
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, bought.paymentId))
    .orderBy(paymentInstalments.sequence);
  for (const instalment of later.slice(0, 2)) {
    const run = await runInstalments(instalmentDeps(t.app), new Date(instalment.dueAt.getTime() + 60_000));
    expect(run).toMatchObject({ charged: 1, failed: 0 });
  }
  const charged = await t.db
    .select()
    .from(paymentInstalments)
    .where(eq(paymentInstalments.paymentId, bought.paymentId))
    .orderBy(paymentInstalments.sequence);
  return { ...bought, second: charged[0]!, third: charged[1]! };
}

describe('refunding a plan the job charged, through the built-in provider', () => {
  it('ten clicks: one refund of three parts, newest charge first, each its own provider refund', async () => {
    const plan = await planChargedTwice();
    expect(plan.second.providerChargeId).toMatch(/^ch_test_/);
    expect(plan.third.providerChargeId).toMatch(/^ch_test_/);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(plan.paymentId, { reason: 'Moved abroad', endAccess: true })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().refundId)).size).toBe(1);
    const [row, ...others] = await t.db.select().from(refunds).where(eq(refunds.paymentId, plan.paymentId));
    expect(others).toEqual([]);
    expect(row).toMatchObject({ status: 'succeeded', amountPence: 9000 });
    const parts = await t.db.select().from(refundParts).where(eq(refundParts.refundId, row!.id));
    const byCharge = Object.fromEntries(parts.map((p) => [p.chargeRef, [p.amountPence, p.status]]));
    expect(byCharge).toEqual({
      [plan.third.providerChargeId!]: [3000, 'succeeded'],
      [plan.second.providerChargeId!]: [3000, 'succeeded'],
      [plan.intentId]: [3000, 'succeeded'],
    });
    expect(new Set(parts.map((p) => p.providerRefundId)).size).toBe(3);
    expect(row!.providerRefundId!.split(' ').sort()).toEqual(parts.map((p) => p.providerRefundId).sort());
    // The plan's last instalment is cancelled, not charged.
    expect(
      await runInstalments(instalmentDeps(t.app), new Date(Date.now() + 400 * 86_400_000)),
    ).toMatchObject({
      charged: 0,
    });
  });

  it('refunds racing for what is left never take more from a charge than it took', async () => {
    const plan = await planChargedTwice();
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        refund(plan.paymentId, { amountPence: 2000, reason: `Goodwill ${i}`, endAccess: false }),
      ),
    );
    // £90.00 paid: four £20.00 refunds go through, the fifth would pass what is left.
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(6);
    const taken = await t.db
      .select({ chargeRef: refundParts.chargeRef, n: sql<number>`sum(${refundParts.amountPence})::int` })
      .from(refundParts)
      .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
      .where(eq(refunds.paymentId, plan.paymentId))
      .groupBy(refundParts.chargeRef);
    expect(Object.fromEntries(taken.map((r) => [r.chargeRef, r.n]))).toEqual({
      [plan.third.providerChargeId!]: 3000,
      [plan.second.providerChargeId!]: 3000,
      [plan.intentId]: 2000,
    });
    // The database holds the rule too: a part beyond what is left of its charge is refused, whoever writes it.
    const [extra] = await t.db
      .insert(refunds)
      .values({
        paymentId: plan.paymentId,
        requestKey: `direct-${plan.paymentId}`,
        amountPence: 1001,
        reason: 'Written directly',
        endAccess: false,
        source: 'staff',
      })
      .returning();
    const part = (amountPence: number) =>
      t.db.insert(refundParts).values({ refundId: extra!.id, chargeRef: plan.intentId, amountPence });
    const refused = await part(1001).catch((error: Error) => String(error.cause ?? error));
    expect(refused).toMatch(/more than is left of its charge/);
    await expect(part(1000)).resolves.toBeDefined();
  });
});
