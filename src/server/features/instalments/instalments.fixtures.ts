import { randomUUID } from 'node:crypto';
import type { Queryable } from '#server/db/client.ts';
import { enrolments, paymentInstalments, payments } from '#server/db/schema/index.ts';
import { seedCourse } from '#server/test/fixtures/teams.ts';

// Rows to start from for the instalment tests and the authorization matrix (docs/product.md#failed-instalments).

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A monthly plan of `userId` paid with the built-in test provider (first payment made), enrolled, with its later
 * instalments; `overdue` makes the second one failed once (the buyer can pay it).
 */
export async function seedPlan(
  db: Queryable,
  userId: string,
  options: { overdue?: boolean; instalments?: number; declinesLater?: boolean; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const { courseId, topicIds } = await seedCourse(db);
  const [payment] = await db
    .insert(payments)
    .values({
      provider: 'test',
      providerIntentId: `pi_test_plan_${randomUUID()}`,
      courseId,
      userId,
      email: `plan-${randomUUID().slice(0, 8)}@example.com`,
      plan: 'monthly',
      amountPence: 2000,
      status: 'succeeded',
      studentData: {},
      fulfilledAt: now,
      cardOnFile: {
        last4: options.declinesLater ? '0341' : '4242',
        declinesLater: options.declinesLater ?? false,
      },
    })
    .returning({ id: payments.id });
  await db.insert(enrolments).values({ userId, courseId, source: 'purchase' }).onConflictDoNothing();
  const count = options.instalments ?? 3;
  const rows = await db
    .insert(paymentInstalments)
    .values(
      Array.from({ length: count }, (_, i) => ({
        paymentId: payment!.id,
        sequence: i + 2,
        dueAt: new Date(now.getTime() + (i + 1) * 30 * DAY_MS),
        amountPence: 2000,
        ...(options.overdue && i === 0
          ? {
              status: 'failed' as const,
              attempts: 1,
              firstFailedAt: now,
              nextRetryAt: new Date(now.getTime() + 3 * DAY_MS),
              lastError: 'Your card was declined.',
            }
          : {}),
      })),
    )
    .returning({ id: paymentInstalments.id });
  return { paymentId: payment!.id, courseId, topicIds, instalmentIds: rows.map((r) => r.id) };
}
