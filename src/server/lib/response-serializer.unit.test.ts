import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileResponseSerializer,
  responseSerializerCompiler,
  SerializerMismatchError,
} from './response-serializer.util.ts';

// Compiled response serializers (docs/decisions/0025-compiled-response-serializers.md).

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe('compiled response serializers', () => {
  it('write only what the schema names: a field the schema leaves out never goes out', () => {
    const serialize = compileResponseSerializer(
      z.object({ id: z.string(), questions: z.array(z.object({ text: z.string() })) }),
    )!;
    const out = serialize({
      id: 'q1',
      passwordHash: '$argon2id$secret',
      questions: [{ text: 'Which cable?', correctAnswer: 2 }],
    });
    expect(JSON.parse(out)).toEqual({ id: 'q1', questions: [{ text: 'Which cable?' }] });
    expect(out).not.toContain('argon2');
    expect(out).not.toContain('correctAnswer');
  });

  it('write nullable and optional fields as zod does', () => {
    const schema = z.object({
      a: z.string().nullable(),
      b: z.number().nullable().optional(),
      c: z.boolean(),
    });
    const serialize = compileResponseSerializer(schema)!;
    for (const data of [
      { a: null, c: true },
      { a: 'x', b: 2, c: false },
      { a: 'x', b: null, c: false },
    ])
      expect(JSON.parse(serialize(data))).toEqual(schema.parse(data));
  });

  it('leave a schema with no JSON Schema form to zod', () => {
    expect(compileResponseSerializer(z.object({ at: z.date() }))).toBeUndefined();
    expect(compileResponseSerializer(z.string().transform((s) => s.length))).toBeUndefined();
  });

  it('outside production, refuse a response the two serializers write differently', () => {
    // zod's trim rewrites the value on the way out; the compiled serializer writes it as it is.
    const schema = z.object({ name: z.string().trim() });
    const checked = responseSerializerCompiler({ crossCheck: true })(route(schema));
    expect(checked({ name: 'Ada' })).toBe('{"name":"Ada"}');
    expect(() => checked({ name: ' Ada ' })).toThrow(SerializerMismatchError);
    // In production the compiled serializer alone writes it.
    const production = responseSerializerCompiler({ crossCheck: false })(route(schema));
    expect(production({ name: ' Ada ' })).toBe('{"name":" Ada "}');
  });
});
