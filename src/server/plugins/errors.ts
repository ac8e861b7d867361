import type { FastifyError, FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '#server/lib/errors.ts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[] };
}

/**
 * The first problem, in words a form can show: our schemas carry docs/product.md#validation's messages; zod's generic
 * ones get the field name in front ("email: Invalid input: expected string, received number").
 */
function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const first = issues[0];
  if (!first) return error.message || 'Invalid request';
  if (first.keyword === 'unrecognized_keys') return `Unknown field: ${(first.params?.keys ?? []).join(', ')}`;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'is invalid';
  const generic = /^Invalid (input|option|string|type)|^Too (small|big)|^Expected/i.test(message);
  return generic && field ? `${field}: ${message}` : message;
}

/** One error handler: every failure becomes { message }; nothing internal leaks. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // An error with details (e.g. when a quiz retry opens) always names its code beside them.
      return reply
        .status(error.statusCode)
        .send(
          error.details
            ? { ...error.details, message: error.message, code: error.code }
            : { message: error.message },
        );
    }
    if (error.validation) {
      return reply.status(400).send({ message: describeValidation(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal Server Error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
        FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
      };
      const message = (error.code && messages[error.code]) || error.message || 'Bad request';
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}
