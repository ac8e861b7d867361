import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  callerFor,
  daysAgo,
  daysAhead,
  otjEntryBody,
  seedApprenticeship,
  seedEntry,
} from '#server/features/apprenticeships/apprenticeships.fixtures.ts';
import { teamOrderBody } from '#server/features/teams/teams.fixtures.ts';
import { isCleanText, text } from '#shared/schemas/common.ts';
import { createTestApp, type TestContext } from './harness.ts';

// Every string a request can carry goes through the shared text() type (src/shared/schemas/common.ts), which
// refuses NUL and lone surrogates with a 400 before they reach the database as a 500. This walks the zod schema of
// every registered route (body, query string, path parameters, headers) and names each string that bypasses it.

/**
 * String formats whose own pattern admits neither NUL nor a surrogate, so they need no text() in front:
 * ids, email addresses and ISO dates/times.
 */
const SAFE_FORMATS = new Set(['uuid', 'guid', 'email', 'datetime', 'date', 'time']);

interface ZodNode {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const isZod = (value: unknown): value is ZodNode =>
  typeof value === 'object' && value !== null && '_zod' in value;

function isTextString(def: Record<string, unknown>): boolean {
  if (typeof def.format === 'string' && SAFE_FORMATS.has(def.format)) return true;
  const checks = (def.checks ?? []) as ZodNode[];
  return checks.some((c) => c._zod.def.check === 'custom' && c._zod.def.fn === isCleanText);
}

/** The paths (e.g. `body.company.poNumber`) of every string in `schema` not built from text(). */
function stringsBypassingText(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (!isZod(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const walk = (child: unknown, at = path) => stringsBypassingText(child, at, seen);
  switch (def.type) {
    case 'string':
      return isTextString(def) ? [] : [path];
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) =>
          walk(child, `${path}.${key}`),
        ),
        ...walk(def.catchall, `${path}.*`),
      ];
    case 'array':
    case 'set':
      return walk(def.element ?? def.valueType, `${path}[]`);
    case 'record':
    case 'map':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((item, i) => walk(item, `${path}[${i}]`)),
        ...walk(def.rest),
      ];
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)];
    case 'lazy':
      return walk((def.getter as () => unknown)());
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional…: their inner type.
      return walk(def.innerType);
  }
}

const PARTS = ['body', 'querystring', 'params', 'headers'] as const;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('request schemas', () => {
  it('the walk finds a plain string wherever it hides, and accepts text() and safe formats', () => {
    const sneaky = z.strictObject({
      ok: text().trim().max(10).optional(),
      id: z.uuid(),
      email: text().pipe(z.email()),
      plain: z
        .string()
        .trim()
        .optional()
        .transform((v) => v || undefined),
      nested: z.array(z.object({ deep: z.string().nullable() })),
      keys: z.record(z.string(), z.number()),
      either: z.union([z.number(), z.string().max(3)]),
    });
    expect(stringsBypassingText(sneaky, 'body')).toEqual([
      'body.plain',
      'body.nested[].deep',
      'body.keys{key}',
      'body.either',
    ]);
  });

  it('every string in every route’s body, query, params and headers uses the shared text()', () => {
    const routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(60);
    const bypassing: string[] = [];
    let walked = 0;
    for (const route of routes) {
      for (const part of PARTS) {
        const schema = route.schema?.[part];
        if (schema === undefined) continue;
        if (!isZod(schema)) {
          bypassing.push(`${route.method} ${route.url} ${part}: not a zod schema`);
          continue;
        }
        walked++;
        bypassing.push(
          ...stringsBypassingText(schema, part).map((at) => `${route.method} ${route.url} ${at}`),
        );
      }
    }
    expect(walked).toBeGreaterThan(60);
    expect(bypassing).toEqual([]);
  });
});

describe('the fields the outside review found', () => {
  const call = callerFor(() => t.app);
  const invalidText = (field: string) => ({
    message: `${field}: must not contain NUL characters or unpaired surrogates`,
    code: 'INVALID_TEXT',
  });

  it('a NUL or a lone surrogate in a purchase-order number, an OTJ description or a rejection reason is a 400', async () => {
    for (const bad of ['PO\u00001', 'PO\uD800']) {
      const order = teamOrderBody('00000000-0000-4000-8000-000000000000');
      order.company.poNumber = bad;
      const res = await call(null, 'POST', '/api/team-orders', order);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidText('company.poNumber'));
    }

    const apprentice = await t.createUser();
    await seedApprenticeship(t.db, apprentice.id);
    const student = await t.login(apprentice);
    const description = 'Installed a radiator valve\u0000 and bled the system';
    const logged = await call(student, 'POST', '/api/otj', otjEntryBody({ description }));
    expect(logged.statusCode).toBe(400);
    expect(logged.json()).toEqual(invalidText('description'));

    const admin = await t.login(await t.createUser({ role: 'admin' }));
    const entry = await seedEntry(t.db, apprentice.id);
    const rejected = await call(admin, 'POST', `/api/admin/otj/${entry.id}/reject`, { reason: 'No\u0000pe' });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toEqual(invalidText('reason'));
  });

  it('a date that fails its format never reaches date arithmetic: 400, not 500', async () => {
    const admin = await t.login(await t.createUser({ role: 'admin' }));
    const student = await t.createUser();
    const record = {
      standard: 'Plumbing and Domestic Heating Technician',
      startDate: daysAgo(200),
      endDate: daysAhead(400),
      weeklyContractedHours: 37.5,
      plannedOtjHours: 400,
    };
    const url = `/api/admin/students/${student.id}/apprenticeship`;
    for (const dates of [
      { startDate: 'x' },
      { endDate: 'x' },
      { startDate: '2026-02-30' },
      { startDate: 'x', endDate: 'y' },
      { startDate: '\u0000' },
    ]) {
      const res = await call(admin, 'PUT', url, { ...record, ...dates });
      expect(res.statusCode, JSON.stringify(dates)).toBe(400);
      expect(['VALIDATION_FAILED', 'INVALID_TEXT']).toContain(res.json().code);
    }
    expect((await call(admin, 'PUT', url, { ...record, startDate: 'x' })).json()).toEqual({
      message: 'Enter the start date',
      code: 'VALIDATION_FAILED',
    });
    expect((await call(admin, 'PUT', url, record)).statusCode).toBe(200);
  });
});
