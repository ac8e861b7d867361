import type { AuthzCase } from '#server/test/authz.ts';
import { emailFor, enrolledCourse, everyone } from '#server/test/authz-fixtures.ts';
import { consentGiven } from '#shared/consent.ts';

// Buying is public (the buyer has no account yet); what a payment reveals needs its client secret.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/payment-config', expect: everyone(200) },
  {
    method: 'POST',
    url: '/api/create-course-payment',
    prepare: async (world, actor) => ({
      body: {
        courseId: (await enrolledCourse(world)).courseId,
        studentData: {
          firstName: 'Ann',
          lastName: 'Buyer',
          email: emailFor(actor, 'buyer'),
          phoneNumber: '07700 900123',
          experienceLevel: 'beginner',
        },
        consent: consentGiven(),
      },
    }),
    expect: everyone(200),
    note: 'public',
  },
  {
    method: 'POST',
    url: '/api/create-payment-intent',
    prepare: async (world) => ({
      body: { courseId: (await enrolledCourse(world)).courseId, consent: consentGiven() },
    }),
    expect: everyone(200),
    note: 'public',
  },
  {
    method: 'POST',
    url: '/api/payment-success',
    prepare: () => ({ body: { paymentIntentId: 'pi_unknown' } }),
    expect: everyone(404),
    note: 'an unknown intent reveals nothing',
  },
  {
    method: 'POST',
    url: '/api/webhooks/stripe',
    prepare: () => ({ body: '{}', headers: { 'content-type': 'application/json' } }),
    expect: everyone([400, 404]),
    note: 'signed by Stripe, never by a cookie',
  },
  {
    method: 'POST',
    url: '/api/test-payments/confirm',
    prepare: () => ({
      body: { clientSecret: 'pi_x_secret_y', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    }),
    expect: everyone([400, 404]),
    note: 'needs the client secret of the payment',
  },
  {
    method: 'POST',
    url: '/api/test-payments/setup-confirm',
    prepare: () => ({
      body: {
        clientSecret: 'seti_x_secret_y',
        card: { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Jo Bloggs' },
      },
    }),
    expect: everyone(404),
    note: "needs the client secret of the plan's card change",
  },
  {
    method: 'POST',
    url: '/api/test-payments/authenticate',
    prepare: () => ({ body: { clientSecret: 'pi_x_secret_y', outcome: 'complete' } }),
    expect: everyone([400, 404]),
    note: 'needs the client secret of the payment',
  },
  {
    method: 'GET',
    url: '/api/test-payments/:id',
    prepare: () => ({ params: { id: 'pi_x' }, query: 'client_secret=pi_x_secret_y' }),
    expect: everyone(404),
    note: 'needs the client secret of the payment',
  },
];
