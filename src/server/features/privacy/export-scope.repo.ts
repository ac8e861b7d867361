import { sql } from 'drizzle-orm';
import type { Person } from './person.repo.ts';

// Which money records are a person's (README 'Your data'): the export, its files and the holds use the same test.

/** The ids of the card payments they made: by account, or by the email they typed at checkout. */
export const paymentsOf = (p: Person) =>
  sql`(SELECT id FROM payments WHERE user_id = ${p.id} OR lower(email) = lower(${p.email}))`;

/** The ids of the team orders they placed: as the manager, or by the buyer email on the order. */
export const ordersOf = (p: Person) =>
  sql`(SELECT id FROM team_orders WHERE manager_user_id = ${p.id} OR lower(buyer->>'email') = lower(${p.email}))`;
