import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema/index.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { api } from '#server/test/request.ts';
import { exportAs } from './export-download.fixtures.ts';
import { EXPORT_KINDS } from './export-records.repo.ts';
import { query, type Row } from './person.repo.ts';
import { type ExportKindName, PERSONAL_DATA } from './personal-data.registry.ts';
import { personWithEverything } from './privacy.fixtures.ts';

// "One of each" (README 'Your data'): a person who has a record of every kind gets each of them in their export,
// checked file by file; the staff file on a staff member, the only kind a learner cannot have.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const kinds = (rows: Row[]) => [...new Set(rows.map((r) => String(r.kind)))].sort();

describe('the export of a person with one of everything', () => {
  it('holds each kind of record in its JSON and CSV file, and the person’s files', {
    timeout: 120_000,
  }, async () => {
    const fx = await personWithEverything(t);
    const { person } = fx;
    const files = await exportAs(t, await t.login(person));
    const rowsOf = (name: ExportKindName): Row[] => JSON.parse(files.get(`${name}.json`)!.toString());

    const expected: Record<ExportKindName, (rows: Row[]) => void> = {
      profile: ([me]) => {
        expect(me).toMatchObject({ email: person.email, firstName: 'Zebedee', lastName: person.lastName });
        expect(me).toMatchObject({ phoneNumber: '+44 7700 900456', company: 'Acme Pipes', staffRoles: [] });
        expect((me!.uploads as unknown[]).length).toBe(2);
      },
      devices: (rows) => expect(rows.length).toBeGreaterThan(0),
      enrolments: (rows) => expect(rows.map((r) => r.course)).toContain(fx.course.title),
      progress: (rows) => expect(kinds(rows)).toEqual(['module', 'opened video', 'scorm', 'topic']),
      'quiz-attempts': (rows) =>
        expect(rows).toEqual([expect.objectContaining({ score: 100, passed: true })]),
      messages: (rows) =>
        expect(rows.map((r) => r.text)).toContain(`Hello, this is ${person.fullName}, ${person.email}`),
      'live-sessions': (rows) =>
        expect(rows.map((r) => `${r.kind}: ${r.status}`).sort()).toEqual([
          'booking: attended',
          'register: present',
          'your answer: attending',
        ]),
      'otj-log': (rows) => {
        expect(rows.map((r) => `${r.source}: ${r.status}`).sort()).toEqual([
          'apprentice: approved',
          'apprentice: approved',
          'live_session: approved',
        ]);
        expect(rows.map((r) => String(r.description).split(' ')[0])).toEqual(
          expect.arrayContaining(['Fitted', 'Soldered']),
        );
      },
      'otj-reviews': ([review]) =>
        expect(review).toMatchObject({
          progress: `${person.fullName} is on track`,
          signatures: expect.any(String),
        }),
      certificates: (rows) => expect(rows).toEqual([expect.objectContaining({ holder: person.fullName })]),
      'course-reviews': (rows) => expect(kinds(rows)).toEqual(['report', 'review']),
      orders: (rows) =>
        expect(kinds(rows)).toEqual([
          'course withdrawn by employer',
          'instalment 2',
          'payment',
          'team order',
          'team seat',
        ]),
      invoices: (rows) =>
        expect(rows.map((r) => r.number)).toContain(`INV-${String(fx.invoice.number).padStart(6, '0')}`),
      consents: (rows) =>
        expect(kinds(rows).map((k) => k.replace(/ \(.*$/, ''))).toEqual([
          'employer contact ended',
          'employer contact offered',
          'immediate access at checkout',
          'waitlist',
        ]),
      'data-requests': (rows) => expect(kinds(rows)).toEqual(['copy of your data', 'request: access']),
      apprenticeship: ([record]) =>
        expect(record).toMatchObject({
          standard: 'Plumbing L3',
          dateOfBirth: '2004-02-29',
          uln: '1234567890',
          gatewaySignatures: expect.stringContaining('employer: Employer of'),
        }),
      ksbs: (rows) =>
        expect(rows.map((r) => `${r.kind} ${r.code}`).sort()).toEqual([
          'evidenced by a topic K2',
          'signed off K1',
          'tagged on a log entry K1',
        ]),
      qualifications: (rows) =>
        expect(rows).toEqual([
          expect.objectContaining({
            title: `Level 2 Maths for ${person.fullName}`,
            achievedOn: '2026-06-01',
          }),
        ]),
      'scorm-runs': (rows) =>
        expect(rows).toEqual([expect.objectContaining({ data: { learner_name: person.fullName } })]),
      refunds: (rows) =>
        expect(rows.map((r) => `${r.kind} ${r.source ?? ''}`.trim()).sort()).toEqual([
          'credit note',
          'refund cancellation',
          'refund staff',
        ]),
      discounts: (rows) => expect(rows).toEqual([expect.objectContaining({ code: fx.code })]),
      notifications: (rows) => {
        expect(kinds(rows)).toEqual(['email preference', 'notification']);
        expect(rows.find((r) => r.kind === 'email preference')).toMatchObject({
          about: 'reminder',
          title: 'email off',
        });
      },
      staff: (rows) => expect(rows).toEqual([]),
      'audit-trail': (rows) =>
        expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['student.update', 'ksb.sign_off'])),
      emails: (rows) => expect(rows.map((r) => r.subject)).toContain('Welcome'),
    };
    expect(Object.keys(expected).sort()).toEqual(EXPORT_KINDS.map((k) => k.name).sort());

    const readme = files.get('README.txt')!.toString();
    // Times are ISO 8601 in UTC on both databases (README.txt says so).
    for (const row of [...rowsOf('data-requests'), ...rowsOf('refunds'), ...rowsOf('live-sessions')]) {
      for (const key of ['receivedAt', 'at', 'startsAt'])
        if (row[key]) expect(row[key], key).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    for (const kind of EXPORT_KINDS) {
      const rows = rowsOf(kind.name);
      expected[kind.name](rows);
      const csv = files.get(`${kind.name}.csv`)!.toString().split('\r\n');
      expect(csv.length, `${kind.name}.csv: a header and a line per record`).toBe(rows.length + 2);
      for (const column of Object.keys(rows[0] ?? {})) expect(csv[0]).toContain(column);
      expect(readme).toContain(`${kind.name}.json`);
      expect(readme).toContain(kind.describe);
    }

    // Their files: photo, evidence, the qualification's certificate, the course certificate, both invoices, and
    // the refund receipt and credit note.
    const names = [...files.keys()].filter((n) => n.startsWith('files/')).sort();
    const folders = names.map((n) => n.replace(/[^/]+$/, ''));
    expect(names).toContain('files/photo.png');
    for (const [folder, count] of [
      ['files/evidence/', 1],
      ['files/qualifications/', 1],
      ['files/certificates/', 1],
      ['files/invoices/', 2],
      ['files/credit-notes/', 2],
    ] as const) {
      expect(folders.filter((f) => f === folder).length, folder).toBe(count);
    }
    for (const name of names) {
      expect(readme).toContain(name);
      if (name.endsWith('.pdf')) expect(files.get(name)!.subarray(0, 5).toString(), name).toBe('%PDF-');
    }
    expect(files.get(names.find((n) => n.startsWith('files/qualifications/'))!)!.length).toBe(3000);
  });

  it('holds a staff member’s roles, invitation and courses in staff.json; every exported table had a row', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const adminCall = api(t.app, { cookie: await t.login(admin) });
    const email = `ines-${Date.now()}@example.com`;
    const invited = await adminCall.post('/api/admin/staff/invitations', {
      email,
      firstName: 'Ines',
      lastName: 'Instructor',
      roles: ['instructor'],
    });
    expect(invited.statusCode).toBe(201);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff-invitation')))
      .orderBy(desc(emailOutbox.createdAt));
    const token = mail!.textBody.match(/token=([\w-]+)/)![1];
    const password = 'Instructor-Password-42';
    expect((await api(t.app).post('/api/staff/accept', { token, password })).statusCode).toBe(200);
    const [me] = await query(t.db, sql`SELECT id FROM users WHERE email = ${email}`);
    const [course] = await query(
      t.db,
      sql`INSERT INTO courses (title, description) VALUES ('Taught', 'd') RETURNING id`,
    );
    const assigned = await adminCall.put(`/api/admin/courses/${course!.id}/instructors`, {
      userIds: [me!.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const files = await exportAs(t, await t.login({ email, password }));
    const rows: Row[] = JSON.parse(files.get('staff.json')!.toString());
    expect(kinds(rows)).toEqual(['invitation', 'roles', 'teaches']);
    expect(rows.find((r) => r.kind === 'invitation')!.detail).toMatch(
      /^instructor \(accepted \d{4}-\d{2}-\d{2}\)$/,
    );
    expect(rows.find((r) => r.kind === 'roles')!.detail).toBe('instructor');
    expect(rows.find((r) => r.kind === 'teaches')!.detail).toBe('Taught');

    // With the person above and this staff member, the database holds a row in every table an export reads:
    // the fixtures make one of everything, so a table added to the export without a record here fails.
    const empty: string[] = [];
    for (const entry of PERSONAL_DATA.filter((e) => e.exportedIn)) {
      const [row] = await query(
        t.db,
        sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(entry.table)}) AS "any"`,
      );
      if (!row?.any) empty.push(entry.table);
    }
    expect(empty).toEqual([]);
  });
});
