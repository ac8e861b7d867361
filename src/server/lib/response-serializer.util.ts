import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

// Responses are written by serializers compiled once per route from its zod response schema
// (docs/decisions/0025-compiled-response-serializers.md). fast-json-stringify writes only the properties the schema
// names, as zod's parse did, so nothing a schema leaves out (an answer key, a password hash) can go out; it does so
// without building a parsed copy of every response. Outside production every response is also written the zod way
// and the two must write the same JSON (the same values; fast-json-stringify puts optional properties after the
// required ones), so the whole test suite checks each compiled serializer.

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

export interface ResponseSerializerOptions {
  /** Write every response both ways and refuse a different JSON value (tests and development). */
  crossCheck: boolean;
}

export class SerializerMismatchError extends Error {}

/** The route's compiled serializer, or undefined when its schema has no JSON Schema form (then zod writes it). */
export function compileResponseSerializer(schema: ZodType): Serialize | undefined {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`; fast-json-stringify picks an anyOf branch by
 * validating the value against each, per value. For a plain X the same schema is `type: [X's type, 'null']`.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullAt = anyOf.findIndex(
      (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (
      nullAt >= 0 &&
      other &&
      typeof other.type === 'string' &&
      other.type !== 'null' &&
      !('anyOf' in other)
    )
      return { ...other, type: [other.type, 'null'] };
  }
  return out;
}

/**
 * Fastify's serializer compiler: the compiled serializer where there is one, checked against zod when asked.
 * Each is compiled when its route first answers with that status, not when the app starts: most routes of a test
 * file's app never answer, and compiling all of them cost each app about 100 ms.
 */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route) as Serialize;
    // null until compiled; undefined when the schema has no JSON Schema form (zod writes those).
    let compiled: Serialize | undefined | null = null;
    const write: Serialize = (data) => {
      if (compiled === null) compiled = compileResponseSerializer(route.schema);
      return (compiled ?? viaZod)(data);
    };
    if (!options.crossCheck) return write;
    return (data) => {
      const expected = viaZod(data);
      const actual = write(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected)))
        throw new SerializerMismatchError(
          `${route.method} ${route.url} ${route.httpStatus}: the compiled serializer wrote ${actual}, zod ${expected}`,
        );
      return actual;
    };
  };
}
