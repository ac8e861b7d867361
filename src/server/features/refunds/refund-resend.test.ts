import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, refundParts, refunds } from '#server/db/schema/index.ts';
import { buyCourse, seedSaleCourse, VAT_REGISTERED } from '#server/test/fixtures/purchases.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { signedInStaff } from '#server/test/staff.ts';
import { askUnaskedParts, type RefundDeps, requestRefund } from './refunds.service.ts';

// A refund recorded but never sent to the provider, because the process stopped in between, is asked again later
// with the same idempotency key (refund-resend.worker.ts; docs/decisions/0019-refunds-exactly-once.md).

let t: TestContext;
let courseId: string;
let finance: { cookie: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ invoicing: VAT_REGISTERED });
  courseId = await seedSaleCourse(t.db, { pricePence: 12000 });
  finance = await signedInStaff(t, 'finance');
});
afterAll(() => t.close());

/** The app's refund dependencies with a provider that counts the refunds it is asked for. */
function countingDeps(hang = false) {
  const real = t.app.refundDeps;
  const asked: string[] = [];
  const provider = Object.create(real.provider) as RefundDeps['provider'];
  provider.createRefund = (input) => {
    asked.push(input.idempotencyKey);
    // A request that never comes back: the process stopped while asking.
    return hang ? new Promise(() => {}) : real.provider.createRefund(input);
  };
  return { deps: { ...real, provider } satisfies RefundDeps, asked };
}

/** A refund recorded with its parts, whose provider request never came back. */
async function strandedRefund(paymentId: string) {
  const { deps } = countingDeps(true);
  void requestRefund(deps, {
    paymentId,
    amountPence: 5000,
    reason: 'Cancelled by phone',
    endAccess: false,
    source: 'staff',
    actor: null,
    requestedBy: finance.id,
  });
  await expect
    .poll(async () => (await t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).length)
    .toBe(1);
  const [row] = await t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  await expect
    .poll(async () => (await t.db.select().from(refundParts).where(eq(refundParts.refundId, row!.id))).length)
    .toBe(1);
  return row!;
}

const inThreeMinutes = () => new Date(Date.now() + 3 * 60_000);

describe('refund parts the provider was never asked for', () => {
  it('are asked again after the grace period, once, and the refund then settles with one credit note', async () => {
    const bought = await buyCourse(t, courseId);
    const stranded = await strandedRefund(bought.paymentId);
    expect(stranded.status).toBe('pending');

    // Within the grace period the request that recorded it may still be asking: nothing is sent.
    const early = countingDeps();
    expect(await askUnaskedParts(early.deps)).toBe(0);
    expect(early.asked).toEqual([]);

    const later = countingDeps();
    expect(await askUnaskedParts(later.deps, inThreeMinutes())).toBe(1);
    expect(later.asked).toEqual([`refund-${stranded.id}-${bought.intentId}`]);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, stranded.id));
    expect(settled!.status).toBe('succeeded');
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.refundId, stranded.id))).toHaveLength(
      1,
    );

    // Asked: nothing left to send, and the payment shows the refund.
    const again = countingDeps();
    expect(await askUnaskedParts(again.deps, inThreeMinutes())).toBe(0);
    expect(again.asked).toEqual([]);
    const list = await api(t.app, { cookie: finance.cookie }).get('/api/admin/payments');
    const payment = list.json().items.find((p: { id: string }) => p.id === bought.paymentId);
    expect(payment.refundedPence).toBe(5000);
  });

  it('two processes resending at once give the money back once', async () => {
    const bought = await buyCourse(t, courseId);
    const stranded = await strandedRefund(bought.paymentId);
    const a = countingDeps();
    const b = countingDeps();
    await Promise.all([askUnaskedParts(a.deps, inThreeMinutes()), askUnaskedParts(b.deps, inThreeMinutes())]);
    // Both may ask (the same idempotency key, so the provider makes one refund); it counts once.
    for (const key of [...a.asked, ...b.asked]) expect(key).toBe(`refund-${stranded.id}-${bought.intentId}`);
    const [settled] = await t.db.select().from(refunds).where(eq(refunds.id, stranded.id));
    expect(settled!.status).toBe('succeeded');
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.refundId, stranded.id))).toHaveLength(
      1,
    );
    const list = await api(t.app, { cookie: finance.cookie }).get('/api/admin/payments');
    expect(list.json().items.find((p: { id: string }) => p.id === bought.paymentId).refundedPence).toBe(5000);
  });
});
