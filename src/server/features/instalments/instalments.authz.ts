import { randomUUID } from 'node:crypto';
import { cardChanges } from '#server/db/schema/index.ts';
import type { AuthzCase, AuthzWorld } from '#server/test/authz.ts';
import { ownerOnly, signedIn } from '#server/test/authz-fixtures.ts';
import { seedPlan } from './instalments.fixtures.ts';

// Who may see and pay an overdue instalment (docs/product.md#failed-instalments): only the buyer; to anyone else,
// staff and admins included, someone else's instalment does not exist. Finance sees plans in Payments instead.

/** A fresh overdue instalment of the student actor's plan. */
async function ownOverdue(world: AuthzWorld) {
  const plan = await seedPlan(world.database.db, world.users.student.id, { overdue: true });
  return { params: { instalmentId: plan.instalmentIds[0]! } };
}

/** A fresh active plan of the student actor (built-in test provider). */
async function ownPlan(world: AuthzWorld) {
  const plan = await seedPlan(world.database.db, world.users.student.id);
  return { params: { paymentId: plan.paymentId } };
}

export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/account/plans',
    note: "any signed-in account: their own monthly plans' schedules only",
    expect: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/account/instalments/overdue',
    note: 'any signed-in account: their own overdue instalments only',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/account/instalments/:instalmentId',
    note: "the buyer's own instalment only; anyone else (admins too) is told it does not exist",
    prepare: (world) => ownOverdue(world),
    expect: ownerOnly(200, 404, 404),
  },
  {
    method: 'POST',
    url: '/api/account/instalments/:instalmentId/payment',
    note: 'the buyer pays their own overdue instalment; anyone else (admins too) is told it does not exist',
    prepare: (world) => ownOverdue(world),
    expect: ownerOnly(200, 404, 404),
  },
  {
    method: 'POST',
    url: '/api/account/plans/:paymentId/card-change',
    note: "the buyer changes their own plan's card; anyone else (admins too) is told the plan does not exist",
    prepare: (world) => ownPlan(world),
    expect: ownerOnly(200, 404, 404),
  },
  {
    method: 'POST',
    url: '/api/account/plans/:paymentId/card-change/complete',
    note: "the buyer's own plan only; anyone else (admins too) is told it does not exist",
    prepare: async (world) => {
      const { params } = await ownPlan(world);
      // A new card the test provider saved (the card form's step), waiting to be applied.
      const setupId = `seti_test_${randomUUID()}`;
      await world.database.db.insert(cardChanges).values({
        paymentId: params.paymentId,
        userId: world.users.student.id,
        provider: 'test',
        providerSetupId: setupId,
        card: { last4: '4444' },
      });
      return { params, body: { setupId } };
    },
    expect: ownerOnly(200, 404, 404),
  },
];
