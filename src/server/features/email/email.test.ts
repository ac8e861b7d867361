import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, emailOutbox } from '#server/db/schema/index.ts';
import { deliverDue } from '#server/lib/mail/outbox.service.ts';
import { createTransport } from '#server/lib/mail/transport.provider.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { consentGiven } from '#shared/consent.ts';

/** The ticked consent box (src/shared/consent.ts) every payment start sends. */
const consent = consentGiven();

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP receiver on loopback. */
async function startReceiver(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft breaks and escapes undone, so assertions can read the body. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let t: TestContext;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'http://127.0.0.1:3999' });
  const [row] = await t.db
    .insert(courses)
    .values({ title: 'Groundworks Essentials', description: 'd', pricePence: 79500 })
    .returning({ id: courses.id });
  courseId = row!.id;
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function buy(email: string) {
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const intent = (
    await post('/api/create-course-payment', {
      consent,
      courseId,
      studentData: {
        firstName: 'Priya',
        lastName: 'Shah',
        email,
        phoneNumber: '07700 900456',
        experienceLevel: 'advanced',
      },
    })
  ).json();
  await post('/api/test-payments/confirm', {
    clientSecret: intent.clientSecret,
    card: { number: '4242424242424242', expiry: '10/39', cvc: '321', name: 'Priya Shah' },
  });
  const done = await post('/api/payment-success', { paymentIntentId: intent.paymentIntentId });
  expect(done.json().status).toBe('succeeded');
}

describe('email delivery over SMTP', () => {
  it('a real SMTP receiver gets the credentials email', async () => {
    const receiver = await startReceiver();
    try {
      const email = `smtp${++seq}@example.com`;
      await buy(email);
      const transport = createTransport(
        `smtp://127.0.0.1:${receiver.port}`,
        'TradeSkills <no-reply@tradeskills.test>',
      );
      await deliverDue(t.db, transport);
      const mail = receiver.received.find((m) => m.to.includes(email));
      expect(mail).toBeDefined();
      const body = decode(mail!.raw);
      expect(body).toMatch(/Subject: .*Groundworks Essentials/);
      expect(body).toContain(`Email: ${email}`);
      expect(body).toMatch(/Temporary password: \S{12,}/);
      expect(body).toContain('http://127.0.0.1:3999/login');
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await receiver.close();
    }
  });

  it('with the relay down at purchase time, the email arrives after it comes back', async () => {
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const transport = createTransport(`smtp://127.0.0.1:${port}`, 'TradeSkills <no-reply@tradeskills.test>');

    const email = `later${++seq}@example.com`;
    await buy(email);
    await deliverDue(t.db, transport);
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const receiver = await startReceiver(port);
    try {
      // Not due yet: the backoff holds it back.
      await deliverDue(t.db, transport);
      expect(receiver.received).toHaveLength(0);
      // The backoff elapses.
      await t.db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, failed!.id));
      await deliverDue(t.db, transport);
      expect(receiver.received.map((m) => m.to)).toEqual([[email]]);
      const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await receiver.close();
    }
  });
});

describe('GET /api/admin/mailbox', () => {
  it('lists outgoing emails for admins only', async () => {
    const email = `mailbox${++seq}@example.com`;
    await buy(email);
    await deliverDue(t.db, null);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/mailbox' });
    expect(anonymous.statusCode).toBe(401);
    const student = await t.createUser();
    const asStudent = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mailbox',
      headers: { cookie: await t.login(student) },
    });
    expect(asStudent.statusCode).toBe(403);

    const admin = await t.createUser({ role: 'admin' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mailbox',
      headers: { cookie: await t.login(admin) },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.smtpConfigured).toBe(false);
    const mail = body.emails.find((m: { to: string }) => m.to === email);
    expect(mail).toMatchObject({ kind: 'credentials', status: 'logged' });
    expect(mail.subject).toContain('Groundworks Essentials');
    expect(mail.text).toContain('Temporary password: ');
  });
});
