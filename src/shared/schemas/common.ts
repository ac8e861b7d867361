import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.ts';

// Building blocks every request schema uses, so one rule covers every field and parameter.

export const INVALID_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** A UTF-16 surrogate without its other half. PostgreSQL refuses it in text, as it refuses NUL. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The one string type of our schemas: a z.string() that refuses NUL and lone surrogates with a 400 naming the
 * field (they would otherwise reach the database and fail there as a 500). Chain .trim(), .min(), .max() as usual.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isCleanText, { message: INVALID_TEXT_MESSAGE, abort: true });
}

/** The body of every API error ({ message, code }); the codes are listed in src/shared/error-codes.ts. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().meta({ description: `One of: ${Object.keys(ERROR_CODES).join(', ')}` }),
});

/** The same body for the OpenAPI document's components, with every code and its meaning. */
export function apiErrorJsonSchema() {
  return {
    type: 'object',
    required: ['message', 'code'],
    properties: {
      message: { type: 'string', description: 'For people: shown as it is' },
      code: {
        type: 'string',
        enum: Object.keys(ERROR_CODES),
        description: Object.entries(ERROR_CODES)
          .map(([code, meaning]) => `${code}: ${meaning}`)
          .join('\n'),
      },
    },
  } as const;
}
