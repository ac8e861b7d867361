import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { EXPORT_KINDS } from './export-records.repo.ts';
import { loadPerson, query } from './person.repo.ts';
import { PERSONAL_DATA } from './personal-data.registry.ts';

// The registry of personal data (personal-data.registry.ts) covers the whole database: a new table cannot land
// without saying whether the export carries it (and in which files) or why not, and what an erasure does to it.

let t: TestContext;
let tables: string[];
/** Tables that point at a person: a foreign key to users, an email column, or a foreign key to such a table. */
let aboutPeople: Set<string>;

beforeAll(async () => {
  t = await createTestApp();
  tables = (
    await query(
      t.db,
      sql`SELECT table_name AS "table" FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )
  )
    .map((r) => String(r.table))
    .filter((name) => !name.startsWith('__drizzle'));
  const keys = await query(
    t.db,
    sql`SELECT a.relname AS "from", b.relname AS "to" FROM pg_constraint c
        JOIN pg_class a ON a.oid = c.conrelid JOIN pg_class b ON b.oid = c.confrelid
        JOIN pg_namespace n ON n.oid = a.relnamespace WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const emails = await query(
    t.db,
    sql`SELECT DISTINCT table_name AS "table" FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name LIKE '%email%'`,
  );
  aboutPeople = new Set(['users', ...emails.map((r) => String(r.table))]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { from, to } of keys) {
      if (aboutPeople.has(String(to)) && !aboutPeople.has(String(from))) {
        aboutPeople.add(String(from));
        grew = true;
      }
    }
  }
});
afterAll(async () => {
  await t?.close();
});

const entryFor = (table: string) => PERSONAL_DATA.find((e) => e.table === table);

describe('personal data registry', () => {
  it('has exactly one entry for every table of the database', () => {
    expect(tables.length).toBeGreaterThan(60);
    expect(
      tables.filter((table) => !entryFor(table)),
      'add these tables to personal-data.registry.ts',
    ).toEqual([]);
    expect(PERSONAL_DATA.filter((e) => !tables.includes(e.table)).map((e) => e.table)).toEqual([]);
    expect(new Set(PERSONAL_DATA.map((e) => e.table)).size).toBe(PERSONAL_DATA.length);
  });

  it('says of every table that points at a person which export files carry it, or why none does', () => {
    // The walk along foreign keys finds tables that reach a person only through another table.
    for (const table of ['users', 'payments', 'credit_notes', 'topic_ksb_evidence', 'otj_entry_ksbs'])
      expect(aboutPeople.has(table), table).toBe(true);
    expect(aboutPeople.has('courses')).toBe(false);
    const unexplained = [...aboutPeople].filter((table) => {
      const entry = entryFor(table);
      if (!entry) return true;
      if (entry.exportedIn) return entry.exportedIn.length === 0;
      return (entry.notExported ?? '').trim().length < 10;
    });
    expect(unexplained, 'name the export files that carry these tables, or say why none does').toEqual([]);
    for (const entry of PERSONAL_DATA) {
      expect(Boolean(entry.exportedIn) !== Boolean(entry.notExported), entry.table).toBe(true);
    }
  });

  it('reads each table in every export file its entry names, and every file is named by an entry', async () => {
    const person = (await loadPerson(t.db, (await t.createUser()).id))!;
    const dialect = new PgDialect();
    const text = new Map(
      EXPORT_KINDS.map((k) => [k.name, dialect.sqlToQuery(k.statement(person)).sql.toLowerCase()]),
    );
    const unread = PERSONAL_DATA.flatMap((e) =>
      (e.exportedIn ?? [])
        .filter((kind) => !new RegExp(`\\b(from|join)\\s+"?${e.table}"?\\b`).test(text.get(kind) ?? ''))
        .map((kind) => `${kind} does not read ${e.table}`),
    );
    expect(unread).toEqual([]);
    const named = new Set(PERSONAL_DATA.flatMap((e) => e.exportedIn ?? []));
    expect([...text.keys()].filter((k) => !named.has(k))).toEqual([]);
    expect(EXPORT_KINDS.length).toBe(text.size);
    // Every statement runs on both databases; a new account has its profile and nothing else.
    for (const kind of EXPORT_KINDS) {
      const rows = await query(t.db, kind.statement(person));
      expect(rows.length, kind.name).toBe(kind.name === 'profile' ? 1 : 0);
    }
  });

  it("is described file by file in README 'Your data'", () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Your data'), readme.indexOf('## Staff and roles'));
    expect(EXPORT_KINDS.filter((k) => !section.includes(`| \`${k.name}\` |`)).map((k) => k.name)).toEqual([]);
  });
});
