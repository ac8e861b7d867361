// Failed instalments through Stripe (stripe-node against the local fake of the Stripe API; webhooks signed with
// stripe-node's own generateTestHeaderString, no network): invoice.payment_failed / invoice.paid recorded once per
// event and per attempt, and the job's retries pay the open invoice again with a key per attempt.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { createStripeTestApp, type FakeStripe, sendSignedWebhook } from '#server/test/fake-stripe.ts';
import { instalmentDeps } from '#server/test/feature-deps.ts';
import { buyerDetails, seedSaleCourse } from '#server/test/fixtures/purchases.ts';
import type { TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { consentGiven } from '#shared/consent.ts';
import { runInstalments } from './instalments.service.ts';

const WEBHOOK_SECRET = 'whsec_instalment_secret';
const DAY = 24 * 60 * 60 * 1000;

let t: TestContext;
let fake: FakeStripe;
let close: () => Promise<void>;
let courseId: string;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp(WEBHOOK_SECRET));
  courseId = await seedSaleCourse(t.db);
});
afterAll(() => close());

const webhook = (type: string, object: unknown, id: string) =>
  sendSignedWebhook(t.app, WEBHOOK_SECRET, { type, object, id, apiVersion: '2025-03-31.basil' });

const invoice = (id: string, planIntentId: string, attempt: number) => ({
  id,
  object: 'invoice',
  attempt_count: attempt,
  amount_due: 25000,
  parent: { subscription_details: { subscription: 'sub_plan', metadata: { paymentIntentId: planIntentId } } },
});

describe('failed instalments through Stripe', () => {
  it('records each failure once, retries by paying the invoice again, and a paid invoice restores the plan', async () => {
    const started = await api(t.app).post('/api/create-course-payment', {
      courseId,
      studentData: buyerDetails(),
      plan: 'monthly',
      consent: consentGiven(),
    });
    const { paymentIntentId } = started.json();
    const paid = await webhook(
      'payment_intent.succeeded',
      fake.succeed(paymentIntentId),
      `evt_${paymentIntentId}`,
    );
    expect(paid.statusCode).toBe(200);
    const [plan] = await t.db.select().from(payments).where(eq(payments.providerIntentId, paymentIntentId));
    const [second] = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, plan!.id))
      .orderBy(paymentInstalments.sequence)
      .limit(1);
    const row = async () =>
      (await t.db.select().from(paymentInstalments).where(eq(paymentInstalments.id, second!.id)))[0]!;
    const failedMails = async () =>
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, plan!.email))).filter(
        (m) => m.kind === 'instalment_failed',
      ).length;

    // Stripe charged the first instalment and it failed; the event arrives twice.
    const failed = invoice('in_plan1', paymentIntentId, 1);
    const first = await webhook('invoice.payment_failed', failed, 'evt_inv_failed_1');
    expect(first.json()).toMatchObject({ outcome: 'processed' });
    expect((await webhook('invoice.payment_failed', failed, 'evt_inv_failed_1')).json()).toMatchObject({
      outcome: 'duplicate',
    });
    const now = await row();
    expect(now).toMatchObject({ status: 'failed', attempts: 1, providerInvoiceId: 'in_plan1' });
    expect(await failedMails()).toBe(1);

    // Day 3: the job pays the invoice again (declined), with a key for this attempt.
    const firstFailed = now.firstFailedAt!.getTime();
    expect(await runInstalments(instalmentDeps(t.app), new Date(firstFailed + 3 * DAY))).toMatchObject({
      failed: 1,
    });
    const pays = fake.requests.filter((r) => r.path === '/v1/invoices/in_plan1/pay');
    expect(pays.map((r) => r.idempotencyKey)).toEqual([`instalment-${second!.id}-attempt-2`]);
    expect(await row()).toMatchObject({ status: 'failed', attempts: 2 });
    // Stripe's own event for that retry changes nothing more.
    await webhook('invoice.payment_failed', invoice('in_plan1', paymentIntentId, 2), 'evt_inv_failed_2');
    expect(await row()).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await failedMails()).toBe(2);

    // Day 7: the card works again; invoice.paid then arrives and changes nothing more.
    fake.payableInvoices.add('in_plan1');
    expect(await runInstalments(instalmentDeps(t.app), new Date(firstFailed + 7 * DAY))).toMatchObject({
      charged: 1,
    });
    expect(await row()).toMatchObject({ status: 'paid', attempts: 3 });
    await webhook('invoice.paid', invoice('in_plan1', paymentIntentId, 3), 'evt_inv_paid');
    expect(await row()).toMatchObject({ status: 'paid', attempts: 3 });
    // The next instalment's invoice is matched to the next instalment.
    await webhook('invoice.paid', invoice('in_plan2', paymentIntentId, 1), 'evt_inv2_paid');
    const rows = await t.db
      .select()
      .from(paymentInstalments)
      .where(eq(paymentInstalments.paymentId, plan!.id))
      .orderBy(paymentInstalments.sequence);
    expect(rows.slice(0, 2).map((r) => [r.status, r.providerInvoiceId])).toEqual([
      ['paid', 'in_plan1'],
      ['paid', 'in_plan2'],
    ]);
  });
});
