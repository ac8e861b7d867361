import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import * as s from '#server/db/schema/index.ts';
import { runDueJobs } from '#server/features/notifications/index.ts';
import { fakePdf } from '#server/test/fixtures/media.ts';
import { seedSaleCourse } from '#server/test/fixtures/purchases.ts';
import { teamOrderBody } from '#server/test/fixtures/teams.ts';
import type { TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { consentGiven } from '#shared/consent.ts';

// The records of the features built beside 'Your data' (README 'Your data'), made the way people make them:
// through the app's own routes, as the person, an admin and the payment provider's test card would. Only what
// no route makes on its own in a test (the gateway signatures, which need a finished apprenticeship) is written
// directly.

export interface RecordsInput {
  person: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    fullName: string;
    cookie: string;
  };
  admin: { id: string; cookie: string };
  /** A course the person is enrolled on, and a topic of it they have not opened. */
  courseId: string;
  topicId: string;
  /** The person's apprenticeship record. */
  apprenticeshipId: string;
}

async function ok<R extends { statusCode: number; body: string }>(what: string, answer: Promise<R>) {
  const res = await answer;
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

/** Pays with the test provider's card and lets the success page settle it. */
async function payWithCard(t: TestContext, started: { clientSecret: string; paymentIntentId: string }) {
  const client = api(t.app);
  const card = { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Card Holder' };
  await ok(
    'confirm',
    client.post('/api/test-payments/confirm', { clientSecret: started.clientSecret, card }),
  );
  await ok('success', client.post('/api/payment-success', { paymentIntentId: started.paymentIntentId }));
  const [row] = await t.db
    .select({ id: s.payments.id })
    .from(s.payments)
    .where(eq(s.payments.providerIntentId, started.paymentIntentId));
  return row!.id;
}

export async function addFeatureRecords(t: TestContext, input: RecordsInput) {
  const { person, admin } = input;
  const me = api(t.app, { cookie: person.cookie });
  const staff = api(t.app, { cookie: admin.cookie });
  const n = randomBytes(3).toString('hex').toUpperCase();

  // Money: a course bought with a discount code and the consent box, then cancelled within 14 days (a refund
  // the buyer asked for); a team order paid by card, part refunded by staff (a credit note against its invoice).
  const saleCourse = await seedSaleCourse(t.db, { title: `Data course ${n}` });
  const code = `DATA${n}`;
  await ok('code', staff.post('/api/admin/discount-codes', { code, kind: 'percent', value: 10 }));
  const studentData = {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phoneNumber: '07700 900456',
    experienceLevel: 'beginner',
  };
  const started = await ok(
    'course payment',
    api(t.app).post('/api/create-course-payment', {
      courseId: saleCourse,
      studentData,
      plan: 'onetime',
      discountCode: code,
      consent: consentGiven(),
    }),
  );
  const coursePaymentId = await payWithCard(t, started.json());
  await ok('cancel', me.post(`/api/account/orders/${coursePaymentId}/cancel`));

  const teamCourse = await seedSaleCourse(t.db, { title: `Team data course ${n}` });
  const body = teamOrderBody(teamCourse, { seats: 2, payBy: 'card' });
  const order = await ok(
    'team order',
    me.post('/api/team-orders', {
      ...body,
      buyer: { ...body.buyer, email: person.email, firstName: person.firstName, lastName: person.lastName },
    }),
  );
  const teamPaymentId = await payWithCard(t, order.json());
  await ok(
    'staff refund',
    staff.post(`/api/admin/payments/${teamPaymentId}/refunds`, {
      amountPence: 1000,
      reason: `Goodwill for ${person.fullName}, who asked by phone`,
      endAccess: false,
    }),
  );

  // Live sessions: their answer to "Attending?" on one, and the register taken on another.
  const at = (hours: number) => new Date(Date.now() + hours * 3600_000);
  const [coming, held] = await t.db
    .insert(s.liveSessions)
    .values([
      { courseId: input.courseId, title: `Drains Q&A ${n}`, startTime: at(24), endTime: at(25) },
      { courseId: input.courseId, title: `Drains lab ${n}`, startTime: at(-3), endTime: at(-2) },
    ])
    .returning();
  await ok('rsvp', me.post(`/api/sessions/${coming!.id}/rsvp`, { attending: true }));
  await ok('register', staff.put(`/api/admin/sessions/${held!.id}/attendance`, { present: [person.id] }));

  // Notifications: an email kind switched off; the bell tells them of a message from the admin (run below).
  await ok('preferences', me.put('/api/user/notification-preferences', { email: { reminder: false } }));

  // KSBs: a standard imported by the admin and put on the record; a log entry tagged with K1 and approved; a
  // topic mapped to K2 and opened (automatic evidence); K1 signed off by the admin.
  const guid = (kind: string, i: number) =>
    `00000000-0000-4000-8000-${kind}${n}${i}`.padEnd(36, '0').slice(0, 36);
  const standard = await ok(
    'standard',
    staff.post('/api/admin/standards', {
      referenceNumber: `ST9${String(Date.now() % 1000).padStart(3, '0')}`,
      version: '1.0',
      title: `Fixture standard ${n}`,
      level: 3,
      larsCode: 90_000 + Math.floor(Math.random() * 9000),
      typicalDuration: 24,
      status: 'Approved for delivery',
      knowledges: [1, 2].map((i) => ({ knowledgeId: guid('a', i), detail: `Fixture knowledge ${i}` })),
      skills: [1].map((i) => ({ skillId: guid('b', i), detail: `Fixture skill ${i}` })),
      behaviours: [1].map((i) => ({ behaviourId: guid('c', i), detail: `Fixture behaviour ${i}` })),
    }),
  );
  const ksbs = standard.json().ksbs as { id: string; code: string }[];
  const ksb = (c: string) => ksbs.find((k) => k.code === c)!.id;
  await t.db
    .update(s.apprenticeships)
    .set({ standardId: standard.json().id as string, dateOfBirth: '2004-02-29', uln: '1234567890' })
    .where(eq(s.apprenticeships.id, input.apprenticeshipId));
  const entry = await ok(
    'otj entry',
    me.post('/api/otj', {
      date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      hours: 1.5,
      activity: 'practical_training',
      description: `Soldered joints with ${person.fullName}'s mentor`,
      inPaidHours: true,
      ksbIds: [ksb('K1')],
    }),
  );
  await ok('approve', staff.post(`/api/admin/otj/${entry.json().id}/approve`, {}));
  await ok('map topic', staff.put(`/api/admin/topics/${input.topicId}/ksbs`, { ksbIds: [ksb('K2')] }));
  await ok('open topic', me.post(`/api/topics/${input.topicId}/open`));
  await ok('sign off', staff.post(`/api/admin/students/${person.id}/ksbs/${ksb('K1')}/sign-off`));
  await t.db.insert(s.gatewaySignatures).values({
    apprenticeshipId: input.apprenticeshipId,
    role: 'employer',
    userId: null,
    name: `Employer of ${person.fullName}`,
  });

  // A qualification with its certificate, uploaded by the admin who records it.
  const key = `document/${crypto.randomUUID()}`;
  const pdf = fakePdf(3000);
  await t.app.objectStore.put(key, Readable.from([pdf]), 'application/pdf', pdf.length);
  await t.db.insert(s.storedObjects).values({
    key,
    fileType: 'document',
    contentType: 'application/pdf',
    size: pdf.length,
    status: 'uploaded',
    uploadedBy: admin.id,
  });
  await ok(
    'qualification',
    staff.post(`/api/admin/students/${person.id}/qualifications`, {
      title: `Level 2 Maths for ${person.fullName}`,
      achievedOn: '2026-06-01',
      evidencePath: `/objects/${key}`,
    }),
  );

  const chat = await ok('conversation', staff.post('/api/conversations', { participantIds: [person.id] }));
  await ok(
    'message',
    staff.post(`/api/conversations/${chat.json().id}/messages`, {
      content: `Well done, ${person.firstName}`,
    }),
  );
  // The jobs the events above queued (the message tells the person in the bell).
  await runDueJobs(t.database, { publicUrl: t.config.publicUrl, now: new Date() });
  const [bell] = await t.db
    .select({ id: s.notifications.id })
    .from(s.notifications)
    .where(eq(s.notifications.userId, person.id));
  if (!bell) throw new Error('The message made no notification');
  return { coursePaymentId, teamPaymentId, qualificationKey: key, code };
}
