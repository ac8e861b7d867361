import type { FastifyError, FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '#server/lib/http.error.ts';
import type { ApiErrorBody, ErrorCode } from '#shared/error-codes.ts';
import { INVALID_TEXT_MESSAGE } from '#shared/schemas/common.ts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[] };
}

/**
 * The first problem, in words a form can show: our schemas carry the product's messages (docs/product.md#validation);
 * zod's generic ones (and the bad-text one) get the field name in front ("email: Invalid input: expected string,
 * received number").
 */
function describeValidation(error: FastifyError): { message: string; code: ErrorCode } {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  if (!first) return { message: error.message || 'Invalid request', code: 'VALIDATION_FAILED' };
  if (first.keyword === 'unrecognized_keys') {
    return { message: `Unknown field: ${(first.params?.keys ?? []).join(', ')}`, code: 'VALIDATION_FAILED' };
  }
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || '';
  const message = first.message ?? 'is invalid';
  const code: ErrorCode = message === INVALID_TEXT_MESSAGE ? 'INVALID_TEXT' : 'VALIDATION_FAILED';
  const generic =
    code === 'INVALID_TEXT' ||
    /^Invalid (input|option|string|type|UUID)|^Too (small|big)|^Expected/i.test(message);
  return { message: generic && field ? `${field}: ${message}` : message, code };
}

const FASTIFY_CLIENT_ERRORS: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'Malformed JSON in request body', code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'Request body is empty', code: 'EMPTY_BODY' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'Request body is too large', code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'Unsupported content type: send JSON',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Invalid Content-Length', code: 'INVALID_CONTENT_LENGTH' },
};

const GENERIC_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** One error handler: every failure becomes { message, code }; nothing internal leaks. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      // An error with details (e.g. when a quiz retry opens) carries them beside { message, code }.
      return reply
        .status(error.statusCode)
        .send({ ...error.details, message: error.message, code: error.code } satisfies ApiErrorBody);
    }
    if (error.validation) {
      return reply.status(400).send(describeValidation(error) satisfies ApiErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ message: 'Internal Server Error', code: 'INTERNAL_ERROR' } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      const body: ApiErrorBody = known ?? {
        message: error.message || 'Bad request',
        code: GENERIC_BY_STATUS[status] ?? 'BAD_REQUEST',
      };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Internal Server Error', code: 'INTERNAL_ERROR' } satisfies ApiErrorBody);
  });
}
