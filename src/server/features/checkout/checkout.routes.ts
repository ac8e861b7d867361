import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '#server/lib/http.error.ts';
import {
  createCoursePaymentSchema,
  createPaymentIntentSchema,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  paymentSuccessResponseSchema,
  paymentSuccessSchema,
  testAuthenticateSchema,
  testConfirmResponseSchema,
  testConfirmSchema,
  testSetupConfirmResponseSchema,
  testSetupConfirmSchema,
} from '#shared/schemas/checkout.ts';
import { apiErrorSchema as errorSchema, text } from '#shared/schemas/common.ts';
import { confirmPaymentSuccess, createPayment, handleProviderEvent } from './checkout.service.ts';
import { type PaymentProvider, WebhookSignatureError } from './payment.provider.ts';
import { TestPaymentProvider } from './test-provider.service.ts';

/** Card payments: intents, success confirmation, Stripe webhooks, and the built-in test provider's endpoints. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = app.config.stripe;
  const deps = app.checkoutDeps;
  const provider = deps.provider;

  app.get(
    '/api/payment-config',
    { schema: { tags: ['checkout'], response: { 200: paymentConfigSchema } } },
    async () => ({ provider: provider.name, publishableKey: stripe?.publishableKey ?? null }),
  );

  app.post(
    '/api/create-course-payment',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Purchase page: buyer details + course + plan → a payment intent (amount from the course)',
        body: createCoursePaymentSchema,
        response: { 200: paymentIntentResponseSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => createPayment(deps, request.body, request.ip),
  );

  app.post(
    '/api/create-payment-intent',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Checkout page: course (+ plan) → a payment intent; the card form supplies the email',
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => createPayment(deps, { ...request.body, studentData: null }, request.ip),
  );

  app.post(
    '/api/payment-success',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Re-checks the intent with the provider and provisions the buyer once',
        body: paymentSuccessSchema,
        response: { 200: paymentSuccessResponseSchema, 404: errorSchema },
      },
    },
    async (request) => confirmPaymentSuccess(deps, request.body.paymentIntentId),
  );

  // The webhook needs the exact bytes Stripe signed, so it parses its own body in its own context.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/api/webhooks/stripe',
      { config: { csrfExempt: true }, schema: { tags: ['checkout'], hide: true } },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw badRequest('Expected a JSON body');
        const signature = request.headers['stripe-signature'];
        let event: ReturnType<PaymentProvider['verifyWebhook']>;
        try {
          event = provider.verifyWebhook(body, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw badRequest(`Webhook refused: ${error.message}`);
          throw error;
        }
        const outcome = await handleProviderEvent(deps, event);
        return reply.send({ received: true, outcome });
      },
    );
  });

  if (provider instanceof TestPaymentProvider) {
    app.post(
      '/api/test-payments/confirm',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Test provider: confirm a payment with a test card',
          body: testConfirmSchema,
          response: { 200: testConfirmResponseSchema },
        },
      },
      async (request) => provider.confirm(request.body),
    );
    app.post(
      '/api/test-payments/setup-confirm',
      {
        schema: {
          tags: ['checkout'],
          summary: "Test provider: save a monthly plan's new card (confirmSetup) with a test card",
          body: testSetupConfirmSchema,
          response: {
            200: testSetupConfirmResponseSchema,
            400: errorSchema,
            402: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request) => provider.confirmSetup(request.body),
    );
    app.post(
      '/api/test-payments/authenticate',
      {
        schema: {
          tags: ['checkout'],
          summary: "Test provider: the 3-D Secure page's Complete / Fail",
          body: testAuthenticateSchema,
        },
      },
      async (request) => provider.authenticate(request.body),
    );
    app.get(
      '/api/test-payments/:id',
      {
        schema: {
          tags: ['checkout'],
          params: z.object({ id: text().max(200) }),
          querystring: z.object({ client_secret: text().max(300) }),
        },
      },
      async (request) => provider.describeForPage(request.params.id, request.query.client_secret),
    );
  }
};
