import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema/index.ts';
import {
  backoffMs,
  CLAIM_LEASE_MS,
  deliverDue,
  enqueueEmail,
  GIVE_UP_AFTER_MS,
} from '#server/lib/mail/outbox.service.ts';
import { createTransport } from '#server/lib/mail/transport.provider.ts';
import { testDbKind } from '#server/test/db-target.ts';
import { createTestApp, type TestContext, type TestUser } from '#server/test/harness.ts';

/** A relay that accepts TCP connections and never says a word (the outage the SMTP timeouts are for). */
async function startHangingRelay(port = 0) {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function startReceiver(port: number) {
  const received: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const FROM = 'TradeSkills <no-reply@tradeskills.test>';
const QUICK = { connectionMs: 1000, greetingMs: 1000, socketMs: 1000 };

let t: TestContext;
let admin: TestUser;
let student: TestUser;
let adminCookie = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin' });
  student = await t.createUser();
  adminCookie = await t.login(admin);
});
afterAll(async () => {
  await t.close();
});

async function rowOf(id: string) {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

async function timed(run: () => Promise<{ statusCode: number }>) {
  const started = performance.now();
  const res = await run();
  return { status: res.statusCode, ms: performance.now() - started };
}

describe(`a hanging mail relay (${testDbKind()})`, () => {
  it('freezes nothing, fails in seconds, and the mail goes out exactly once when the relay answers', async () => {
    const relay = await startHangingRelay();
    const id = await enqueueEmail(t.db, {
      kind: 'credentials',
      to: 'hang@example.com',
      subject: 'S',
      text: 'T',
    });
    // Seconds, not the minutes nodemailer waits by default; long enough that a request queued behind the send
    // would visibly wait for it.
    const transport = createTransport(`smtp://127.0.0.1:${relay.port}`, FROM, {
      connectionMs: 4000,
      greetingMs: 4000,
      // Longer than the greeting's, so the greeting timeout is the one that fires, however busy the machine.
      socketMs: 6000,
    });

    const started = performance.now();
    const delivering = deliverDue(t.db, transport);
    delivering.catch(() => {});
    while (relay.accepted() === 0 && performance.now() - started < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(relay.accepted()).toBe(1);
    // While the relay holds the connection: health, sign-in, the catalogue and an admin read all answer at
    // once.
    const answers = [
      await timed(() => t.app.inject({ method: 'GET', url: '/readyz' })),
      await timed(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: student.email, password: student.password },
        }),
      ),
      await timed(() => t.app.inject({ method: 'GET', url: '/api/courses/available' })),
      await timed(() =>
        t.app.inject({ method: 'GET', url: '/api/admin/mailbox', headers: { cookie: adminCookie } }),
      ),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // A request queued behind the send would wait for the 4 s greeting timeout. 2.5 s leaves that margin and
    // room for a sign-in's password hash on a machine running the whole suite at once.
    for (const answer of answers) expect(answer.ms).toBeLessThan(2500);
    const whileSending = await rowOf(id);
    expect(whileSending.status).toBe('sending');

    await delivering;
    expect(performance.now() - started).toBeLessThan(9000);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/greeting never received/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // The relay comes back on the same address; the retry is due; two processes race for it.
    const port = relay.port;
    await relay.close();
    const receiver = await startReceiver(port);
    const second = await t.secondInstance();
    try {
      await t.db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, id));
      const working = createTransport(`smtp://127.0.0.1:${port}`, FROM, QUICK);
      await Promise.all([
        deliverDue(t.db, working),
        deliverDue(second.app.db, working),
        deliverDue(t.db, working),
      ]);
      await deliverDue(second.app.db, working);
      expect(receiver.received).toEqual([['hang@example.com']]);
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await second.close();
      await receiver.close();
    }
  });

  it('a claim whose sender died is sent again after its lease, and a late outcome of the old claim is ignored', async () => {
    const id = await enqueueEmail(t.db, {
      kind: 'notification',
      to: 'lease@example.com',
      subject: 'S',
      text: 'T',
    });
    // A process claimed it (attempt 1) and was killed before recording anything.
    await t.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() + CLAIM_LEASE_MS) })
      .where(eq(emailOutbox.id, id));
    const sent: string[] = [];
    const fake = async (email: { to: string }) => {
      sent.push(email.to);
    };
    await deliverDue(t.db, fake);
    expect(sent).toEqual([]);
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(emailOutbox.id, id));
    await deliverDue(t.db, fake);
    expect(sent).toEqual(['lease@example.com']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('mail is never abandoned', () => {
  it('backs off to one hour and keeps trying for days; after a week it is failed, and Send now revives it', async () => {
    expect([1, 2, 3, 8, 9, 50, 500].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    const failing = async () => {
      throw new Error('421 relay unavailable');
    };
    const recent = await enqueueEmail(t.db, {
      kind: 'credentials',
      to: 'twohours@example.com',
      subject: 'S',
      text: 'T',
    });
    // Twelve attempts in (the old outbox gave up after 8), queued two days ago: still pending.
    await t.db
      .update(emailOutbox)
      .set({
        attempts: 12,
        createdAt: new Date(Date.now() - 2 * 24 * 3600_000),
        nextAttemptAt: new Date(Date.now() - 1),
      })
      .where(eq(emailOutbox.id, recent));
    const old = await enqueueEmail(t.db, {
      kind: 'credentials',
      to: 'weekold@example.com',
      subject: 'S',
      text: 'T',
    });
    await t.db
      .update(emailOutbox)
      .set({
        attempts: 180,
        createdAt: new Date(Date.now() - GIVE_UP_AFTER_MS - 60_000),
        nextAttemptAt: new Date(Date.now() - 1),
      })
      .where(eq(emailOutbox.id, old));
    await deliverDue(t.db, failing);

    const stillTrying = await rowOf(recent);
    expect(stillTrying).toMatchObject({
      status: 'pending',
      attempts: 13,
      lastError: '421 relay unavailable',
    });
    expect(stillTrying.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(stillTrying.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(await rowOf(old)).toMatchObject({ status: 'failed', attempts: 181 });

    // The admin console lists it with its last error; the overview's summary ages the oldest.
    const mailbox = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mailbox',
      headers: { cookie: adminCookie },
    });
    expect(mailbox.json().emails.find((e: { id: string }) => e.id === old)).toMatchObject({
      status: 'failed',
      lastError: '421 relay unavailable',
    });
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mailbox/summary',
      headers: { cookie: adminCookie },
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().undelivered).toBeGreaterThanOrEqual(2);
    expect(Date.parse(summary.json().oldestUndeliveredAt)).toBeLessThanOrEqual(Date.now() - GIVE_UP_AFTER_MS);

    // Send now: due at once, and the next delivery sends it.
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/admin/mailbox/${old}/send`,
      headers: { cookie: adminCookie },
    });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toMatchObject({ id: old, status: 'pending' });
    const delivered: string[] = [];
    await deliverDue(t.db, async (email) => {
      delivered.push(email.to);
    });
    expect(delivered).toContain('weekold@example.com');
    expect(await rowOf(old)).toMatchObject({ status: 'sent' });

    // Boundaries: a student cannot, an unknown id is a 404 with a code, signed out is 401.
    const asStudent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/mailbox/${recent}/send`,
      headers: { cookie: await t.login(student) },
    });
    expect(asStudent.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/admin/mailbox/${recent}/send` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mailbox/00000000-0000-4000-8000-000000000000/send',
      headers: { cookie: adminCookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Email not found');
  });
});
