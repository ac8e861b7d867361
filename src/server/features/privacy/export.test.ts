import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, emailOutbox } from '#server/db/schema/index.ts';
import { privacyDeps } from '#server/test/feature-deps.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { runNextExport } from './export.service.ts';
import { unzip } from './export-download.fixtures.ts';
import { EXPORT_KINDS } from './export-records.repo.ts';
import { personWithEverything } from './privacy.fixtures.ts';
import { runRetention } from './retention.service.ts';

// Data exports (README 'Your data'): asked for once, built once, for the person only, expired after 7 days.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('data exports', () => {
  it('builds a ZIP with README, JSON and CSV of every record kind and the person’s files, once, for them only', async () => {
    const { person, invoice } = await personWithEverything(t);
    const cookie = await t.login(person);
    const other = await t.createUser();
    const otherCookie = await t.login(other);

    // Ten at once: one export.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/account/data-exports', headers: { cookie } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(202));
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const id = [...ids][0];
    const queued = await t.app.inject({ url: `/api/account/data-exports/${id}`, headers: { cookie } });
    expect(queued.json()).toMatchObject({ status: 'queued', progress: 0 });
    expect(queued.json().downloadUrl).toBeUndefined();

    // Not theirs: not found; signed out: 401.
    const peek = await t.app.inject({
      url: `/api/account/data-exports/${id}`,
      headers: { cookie: otherCookie },
    });
    expect(peek.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/account/data-exports/${id}` })).statusCode).toBe(401);

    const deps = privacyDeps(t.app);
    expect(await runNextExport(deps)).toBe(true);
    expect(await runNextExport(deps)).toBe(false);
    const ready = (
      await t.app.inject({ url: `/api/account/data-exports/${id}`, headers: { cookie } })
    ).json();
    expect(ready).toMatchObject({
      status: 'ready',
      progress: 100,
      downloadUrl: `/api/account/data-exports/${id}/download`,
    });

    const stolen = await t.app.inject({ url: ready.downloadUrl, headers: { cookie: otherCookie } });
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ url: ready.downloadUrl })).statusCode).toBe(401);
    const download = await t.app.inject({ url: ready.downloadUrl, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="tradeskills-data-/);

    const files = await unzip(download.rawPayload);
    const readme = files.get('README.txt')!.toString();
    for (const name of files.keys()) expect(readme).toContain(name);
    // What each file holds is checked in export-contents.test.ts.
    for (const kind of EXPORT_KINDS) {
      expect(files.has(`${kind.name}.json`), kind.name).toBe(true);
      expect(files.has(`${kind.name}.csv`), kind.name).toBe(true);
    }
    expect(files.get('profile.json')!.toString()).toContain(person.email);
    expect(files.get('messages.json')!.toString()).toContain(`Hello, this is ${person.fullName}`);
    const names = [...files.keys()];
    expect(names).toContain('files/photo.png');
    expect(names.filter((n) => n.startsWith('files/evidence/') && n.endsWith('.pdf'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('files/certificates/'))).toHaveLength(1);
    expect(names.find((n) => n.startsWith('files/invoices/'))).toContain(String(invoice.number));
    for (const pdf of names.filter((n) => n.endsWith('.pdf')))
      expect(files.get(pdf)!.subarray(0, 5).toString()).toBe('%PDF-');

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'data-export-ready'));
    expect(mail?.toAddress).toBe(person.email);

    // Seven days on, the retention job deletes it; the link says so.
    await runRetention(deps, new Date(Date.now() + 8 * 24 * 3600_000));
    const gone = await t.app.inject({ url: ready.downloadUrl, headers: { cookie } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('DATA_EXPORT_EXPIRED');
    expect(
      (await t.app.inject({ url: `/api/account/data-exports/${id}`, headers: { cookie } })).json().status,
    ).toBe('expired');
    expect(await t.app.objectStore.stat(`export/${id}.zip`)).toBeNull();
    // A new one may be asked for.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/data-exports',
      headers: { cookie },
    });
    expect(again.json().id).not.toBe(id);
  });

  it('an admin starts an export for a logged request; a process that died mid-build is taken over', async () => {
    const { person, admin } = await personWithEverything(t);
    const adminCookie = await t.login(admin);
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data-requests',
      headers: { cookie: adminCookie },
      payload: {
        email: person.email.toUpperCase(),
        kind: 'access',
        receivedOn: '2026-01-31',
        note: 'By phone',
      },
    });
    expect(logged.statusCode).toBe(201);
    expect(logged.json()).toMatchObject({
      kind: 'access',
      source: 'staff',
      status: 'open',
      userId: person.id,
    });
    expect(logged.json().dueAt.slice(0, 10)).toBe('2026-02-28');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data-requests',
      headers: { cookie: adminCookie },
      payload: { email: 'nobody@example.com', kind: 'access' },
    });
    expect(bad.statusCode).toBe(400);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/admin/data-requests/${logged.json().id}/export`,
      headers: { cookie: adminCookie },
    });
    expect(started.statusCode).toBe(202);
    // A process claimed it and died: its lease runs out and the next run builds it.
    await t.db
      .update(dataExports)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, started.json().id));
    while (await runNextExport(privacyDeps(t.app))) {
      // Every queued export (the first test left one queued), this one included.
    }
    const list = (
      await t.app.inject({ url: '/api/admin/data-requests', headers: { cookie: adminCookie } })
    ).json();
    const item = list.items.find((i: { id: string }) => i.id === logged.json().id);
    expect(item).toMatchObject({ status: 'completed', latestExport: { status: 'ready' } });
    const adminDownload = await t.app.inject({
      url: item.latestExport.downloadUrl,
      headers: { cookie: adminCookie },
    });
    expect(adminDownload.statusCode).toBe(200);
  });
});
