import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { userById } from '#server/lib/users.repo.ts';

// The person a request is about, as the exporters and erasers see them, and the SQL helpers they share.

export type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

export async function query(db: Queryable, statement: SQL): Promise<Row[]> {
  return rowsOf(await db.execute(statement));
}

export interface Person {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** "First Last", or '' when the account has no name. */
  fullName: string;
  /** What replaces them after an erasure: the same for every table, so rows still read together. */
  pseudonym: { email: string; firstName: string; lastName: string; fullName: string };
}

export async function loadPerson(db: Queryable, userId: string): Promise<Person | null> {
  const row = await userById(db, userId);
  if (!row) return null;
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  const tag = row.id.slice(0, 8);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName,
    pseudonym: {
      email: `erased-${tag}@erased.invalid`,
      firstName: 'Erased',
      lastName: `learner ${tag}`,
      fullName: `Erased learner ${tag}`,
    },
  };
}

/** A literal for a PostgreSQL regular expression (every character that is not a letter or digit escaped). */
const literalPattern = (value: string) => value.replace(/[^A-Za-z0-9]/g, (c) => `\\${c}`);

/**
 * `column` with every mention of the person (their email; their full name when it has one) replaced by their
 * pseudonym, case-insensitively: for text other people wrote, or records a legal hold keeps.
 */
export function scrubbed(column: SQL, person: Person): SQL {
  let expression = sql`regexp_replace(${column}, ${literalPattern(person.email)}, ${person.pseudonym.email}, 'gi')`;
  if (person.fullName.length >= 3) {
    expression = sql`regexp_replace(${expression}, ${literalPattern(person.fullName)}, ${person.pseudonym.fullName}, 'gi')`;
  }
  return expression;
}

/** A WHERE condition: `column` mentions the person. */
export function mentions(column: SQL, person: Person): SQL {
  const email = sql`strpos(lower(${column}), lower(${person.email})) > 0`;
  if (person.fullName.length < 3) return email;
  return sql`(${email} OR strpos(lower(${column}), lower(${person.fullName})) > 0)`;
}

/** Replaces every mention of the person in `columns` of `table` (each a text column), wherever they are. */
export async function scrubColumns(tx: Queryable, table: string, columns: string[], person: Person) {
  for (const column of columns) {
    const c = sql.identifier(column);
    await tx.execute(
      sql`UPDATE ${sql.identifier(table)} SET ${c} = ${scrubbed(sql`${c}`, person)} WHERE ${mentions(sql`${c}`, person)}`,
    );
  }
}

/**
 * Lets this transaction replace the person's mentions in the records a trigger otherwise keeps unchanged (the
 * audit trail, credit notes): their triggers accept such an update when the transaction has said it is an erasure.
 */
export async function rewritingForErasure(tx: Queryable) {
  await tx.execute(sql`SELECT set_config('tradeskills.erasure', 'on', true)`);
}
