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
];
