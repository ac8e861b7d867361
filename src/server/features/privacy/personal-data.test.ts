import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { EXPORT_KINDS } from './export-records.repo.ts';
import { query } from './person.repo.ts';
import { PERSONAL_DATA } from './personal-data.registry.ts';

// The registry of personal data (personal-data.registry.ts) covers the whole database: a new table that holds a
// user id or any text cannot land without saying what an export and an erasure do with it.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('personal data registry', () => {
  it('has an entry for every table that holds a user id or text, and nothing else', async () => {
    const tables = await query(
      t.db,
      sql`SELECT c.table_name AS "table",
            bool_or(c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'bytea')) AS "text",
            bool_or(EXISTS (
              SELECT 1 FROM information_schema.key_column_usage k
              JOIN information_schema.constraint_column_usage u ON u.constraint_name = k.constraint_name
              WHERE k.table_name = c.table_name AND k.column_name = c.column_name AND u.table_name = 'users'
                AND u.column_name = 'id')) AS "userId"
          FROM information_schema.columns c JOIN information_schema.tables tb
            ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema AND tb.table_type = 'BASE TABLE'
          WHERE c.table_schema = 'public' GROUP BY c.table_name`,
    );
    const registered = new Set(PERSONAL_DATA.map((e) => e.table));
    const missing = tables
      .filter((r) => (r.text || r.userId) && !registered.has(String(r.table)))
      .map((r) => r.table);
    expect(missing, 'add these tables to personal-data.registry.ts').toEqual([]);
    const existing = new Set(tables.map((r) => String(r.table)));
    expect(PERSONAL_DATA.filter((e) => !existing.has(e.table)).map((e) => e.table)).toEqual([]);
    expect(PERSONAL_DATA.length).toBe(registered.size);
  });

  it('exports every kind an entry names, and every kind is named by an entry', () => {
    const kinds = new Set(EXPORT_KINDS.map((k) => k.name));
    const named = new Set(PERSONAL_DATA.flatMap((e) => e.exportedIn ?? []));
    expect([...named].filter((n) => !kinds.has(n))).toEqual([]);
    expect([...kinds].filter((k) => !named.has(k))).toEqual([]);
  });
});
