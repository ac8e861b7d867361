import { Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import type { Database, Queryable } from '#server/db/client.ts';
import { dataExports, dataRequests } from '#server/db/schema/index.ts';
import { renderCertificatePdf } from '#server/features/certificates/index.ts';
import { invoiceAttachment } from '#server/features/invoices/index.ts';
import { type ObjectStore, objectKeyFrom } from '#server/features/media/index.ts';
import { refundAttachments } from '#server/features/refunds/index.ts';
import { can, type Principal } from '#server/lib/access.policy.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { DAY_MS, oneMonthAfter, retentionDays } from '#shared/retention-schedule.ts';
import { type PersonFile, writeExportArchive } from './export-archive.service.ts';
import { EXPORT_KINDS, rowsOf } from './export-records.repo.ts';
import { ordersOf, paymentsOf } from './export-scope.repo.ts';
import { loadPerson, type Person, query } from './person.repo.ts';

// Data exports (README 'Your data'): a request makes a queued row; the export job (export.worker.ts) claims one
// at a time with FOR UPDATE SKIP LOCKED, so several processes share the queue and never build one twice; a
// process that dies mid-build loses its lease and another takes the job over.

export interface PrivacyDeps {
  database: Database;
  store: ObjectStore;
  config: AppConfig;
}

export type ExportRow = typeof dataExports.$inferSelect;

export const EXPORT_LEASE_MS = 10 * 60 * 1000;
export const EXPORT_MAX_ATTEMPTS = 3;
export const EXPORT_NOT_FOUND = 'Data export not found';

const exportKey = (id: string) => `export/${id}.zip`;

/**
 * Queues an export of a person's data (one in the making per person: asking again, or ten times at once, answers
 * with the same one). `requestId`: the register entry it answers; made here for a self-service request.
 */
export async function requestExport(
  database: Database,
  userId: string,
  by: { requestedBy: string; requestId?: string },
): Promise<ExportRow> {
  return database.db.transaction(async (tx) => {
    let requestId = by.requestId;
    if (!requestId) {
      const now = new Date();
      await tx
        .insert(dataRequests)
        .values({ userId, kind: 'access', source: 'self', receivedAt: now, dueAt: oneMonthAfter(now) })
        .onConflictDoNothing();
      const [open] = await tx
        .select({ id: dataRequests.id })
        .from(dataRequests)
        .where(
          and(
            eq(dataRequests.userId, userId),
            eq(dataRequests.kind, 'access'),
            eq(dataRequests.status, 'open'),
          ),
        );
      requestId = open?.id;
    }
    const [made] = await tx
      .insert(dataExports)
      .values({ userId, requestId, requestedBy: by.requestedBy })
      .onConflictDoNothing()
      .returning();
    if (made) return made;
    const [active] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), sql`${dataExports.status} IN ('queued', 'running')`));
    if (!active) throw conflict('An export was just finished; ask again', 'CONFLICT');
    return active;
  });
}

/** An export its owner (or an admin) may see. */
export async function findExport(db: Queryable, id: string, caller: Principal) {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  if (!row || !can(caller, 'owned:read', { ownerId: row.userId }))
    throw notFound(EXPORT_NOT_FOUND, 'DATA_EXPORT_NOT_FOUND');
  return row;
}

export function listOwnExports(db: Queryable, caller: Principal) {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, caller.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
}

/** The ZIP as a stream, while it is ready and not expired. */
export async function openDownload(deps: PrivacyDeps, row: ExportRow, now = new Date()) {
  if (row.status === 'expired' || (row.expiresAt && row.expiresAt < now)) {
    throw notFound(
      'This download has expired. Start a new one from your account page.',
      'DATA_EXPORT_EXPIRED',
    );
  }
  if (row.status !== 'ready' || !row.objectKey) throw notFound(EXPORT_NOT_FOUND, 'DATA_EXPORT_NOT_FOUND');
  return { stream: await deps.store.read(row.objectKey), size: row.size ?? undefined };
}

/** Claims the oldest queued export (or one whose process's lease ran out) for this process. */
async function claimExport(db: Queryable): Promise<ExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({
      status: 'running',
      attempts: sql`${dataExports.attempts} + 1`,
      leaseUntil: new Date(Date.now() + EXPORT_LEASE_MS),
    })
    .where(
      sql`${dataExports.id} = (SELECT id FROM data_exports
          WHERE status = 'queued' OR (status = 'running' AND lease_until < now())
          ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)`,
    )
    .returning();
  return row ?? null;
}

const stillMine = (row: ExportRow) =>
  and(eq(dataExports.id, row.id), eq(dataExports.status, 'running'), eq(dataExports.attempts, row.attempts));

const extension = (contentType: string | null, key: string) =>
  ({
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'image/gif': 'gif',
    'application/pdf': 'pdf',
  })[contentType ?? ''] ??
  key.split('.').pop()?.slice(0, 5) ??
  'bin';

const STORED_FILES = {
  photo: { folder: 'files/', describe: 'your profile photo' },
  evidence: { folder: 'files/evidence/', describe: 'evidence you attached to an off-the-job entry' },
  qualification: { folder: 'files/qualifications/', describe: 'evidence of a qualification on your plan' },
};

/**
 * The person's own files: their photo, OTJ and qualification evidence, certificate, invoice and credit-note (or
 * refund receipt) PDFs.
 */
async function personFiles(deps: PrivacyDeps, person: Person): Promise<PersonFile[]> {
  const db = deps.database.db;
  const files: PersonFile[] = [];
  const stored = await query(
    db,
    sql`SELECT 'photo' AS "kind", u.profile_image_url AS "path", NULL::date AS "date" FROM users u WHERE u.id = ${person.id}
        UNION ALL
        SELECT 'evidence', e.evidence_path, e.date FROM otj_entries e
        WHERE e.student_id = ${person.id} AND e.evidence_path IS NOT NULL
        UNION ALL
        SELECT 'qualification', q.evidence_path, coalesce(q.achieved_on, q.created_at::date)
        FROM apprenticeship_qualifications q JOIN apprenticeships a ON a.id = q.apprenticeship_id
        WHERE a.student_id = ${person.id} AND q.evidence_path IS NOT NULL`,
  );
  for (const [index, item] of stored.entries()) {
    const key = objectKeyFrom(item.path as string | null);
    const info = key ? await deps.store.stat(key) : null;
    if (!key || !info) continue;
    const [object] = await query(
      db,
      sql`SELECT content_type AS "type" FROM stored_objects WHERE key = ${key}`,
    );
    const ext = extension((object?.type as string | null) ?? null, key);
    const place = STORED_FILES[item.kind as keyof typeof STORED_FILES];
    const path =
      item.kind === 'photo' ? `files/photo.${ext}` : `${place.folder}${String(item.date)}-${index}.${ext}`;
    files.push({ path, describe: place.describe, size: info.size, open: () => deps.store.read(key) });
  }
  const certificates = await db.query.certificates.findMany({
    where: (c, { eq }) => eq(c.userId, person.id),
  });
  for (const row of certificates) {
    const pdf = await renderCertificatePdf(row, deps.config.publicUrl);
    files.push(bufferFile(`files/certificates/${row.code}.pdf`, `certificate: ${row.courseTitle}`, pdf));
  }
  const invoices = await query(
    db,
    sql`SELECT id FROM invoices WHERE team_order_id IN ${ordersOf(person)} ORDER BY number`,
  );
  for (const invoice of invoices) {
    const file = await invoiceAttachment(db, String(invoice.id), deps.config.invoicing);
    files.push(bufferFile(`files/invoices/${file.filename}`, 'invoice or receipt', file.content));
  }
  const refunds = await query(
    db,
    sql`SELECT id FROM refunds WHERE status = 'succeeded' AND payment_id IN ${paymentsOf(person)}
        ORDER BY created_at`,
  );
  for (const refund of refunds) {
    for (const file of await refundAttachments(db, String(refund.id), deps.config.invoicing)) {
      files.push(
        bufferFile(`files/credit-notes/${file.filename}`, 'credit note or refund receipt', file.content),
      );
    }
  }
  return files;
}

function bufferFile(path: string, describe: string, content: Buffer): PersonFile {
  return { path, describe, size: content.length, open: async () => Readable.from([content]) };
}

/** Builds one claimed export; returns false when there was nothing to do. */
export async function runNextExport(deps: PrivacyDeps): Promise<boolean> {
  const db = deps.database.db;
  const row = await claimExport(db);
  if (!row) return false;
  const key = exportKey(row.id);
  try {
    const person = await loadPerson(db, row.userId);
    if (!person) throw new Error('The person is gone');
    const records = [];
    for (const kind of EXPORT_KINDS) {
      records.push({ name: kind.name, describe: kind.describe, rows: await rowsOf(db, kind, person) });
    }
    const files = await personFiles(deps, person);
    await deps.store.delete(key);
    let reported = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const size = await writeExportArchive(
      deps.store,
      key,
      { person: `${person.fullName || 'No name'} <${person.email}>`, createdAt: new Date(), records, files },
      (fraction) => {
        const percent = Math.min(99, Math.floor(fraction * 100));
        if (percent < reported + 5) return;
        reported = percent;
        pending = pending.then(() =>
          db
            .update(dataExports)
            .set({ progress: percent, leaseUntil: new Date(Date.now() + EXPORT_LEASE_MS) })
            .where(stillMine(row)),
        );
      },
    );
    await pending;
    await finishExport(deps, row, person, key, size);
  } catch (error) {
    await deps.store.delete(key).catch(() => {});
    await db
      .update(dataExports)
      .set({
        status: row.attempts >= EXPORT_MAX_ATTEMPTS ? 'failed' : 'queued',
        error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        leaseUntil: null,
      })
      .where(stillMine(row));
  }
  return true;
}

async function finishExport(deps: PrivacyDeps, row: ExportRow, person: Person, key: string, size: number) {
  const now = new Date();
  await deps.database.db.transaction(async (tx) => {
    const [done] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        progress: 100,
        objectKey: key,
        size,
        readyAt: now,
        expiresAt: new Date(now.getTime() + retentionDays('data-exports') * DAY_MS),
        leaseUntil: null,
        error: null,
      })
      .where(stillMine(row))
      .returning({ id: dataExports.id });
    if (!done) return;
    if (row.requestId) {
      await tx
        .update(dataRequests)
        .set({ status: 'completed', completedAt: now })
        .where(
          and(
            eq(dataRequests.id, row.requestId),
            eq(dataRequests.status, 'open'),
            // An export made while an erasure is pending answers nothing in the register.
            eq(dataRequests.kind, 'access'),
          ),
        );
    }
    const link = `${deps.config.publicUrl}/account#your-data`;
    await enqueueEmail(tx, {
      kind: 'data-export-ready',
      to: person.email,
      subject: 'Your data is ready to download',
      text: `The copy of your TradeSkills data you asked for is ready. Sign in and download it from your account page within 7 days: ${link}\n\nIf you did not ask for it, reply to this email.`,
    });
  });
}
