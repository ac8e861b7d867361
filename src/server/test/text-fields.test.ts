import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCleanText, text } from '#shared/schemas/common.ts';
import { teamOrderBody } from './fixtures/teams.ts';
import { createTestApp, type TestContext } from './harness.ts';
import { api } from './request.ts';

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

describe('the team order the outside review found', () => {
  it('a NUL or a lone surrogate in a purchase-order number is a 400 naming the field, not a 500', async () => {
    for (const bad of ['PO\u00001', 'PO\uD800']) {
      const order = teamOrderBody('00000000-0000-4000-8000-000000000000');
      order.company.poNumber = bad;
      const res = await api(t.app).post('/api/team-orders', order);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'company.poNumber: must not contain NUL characters or unpaired surrogates',
        code: 'INVALID_TEXT',
      });
    }
  });
});
