import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { dataExports, erasureHolds, retentionLog } from '#server/db/schema/index.ts';
import { DAY_MS, type RetentionRuleId, retentionDays } from '#shared/retention-schedule.ts';
import { ERASURE_NOTICE_KIND } from './erasure.service.ts';
import type { PrivacyDeps } from './export.service.ts';
import { finishHeld } from './holds.service.ts';
import { query } from './person.repo.ts';

// The retention job (README 'Your data'): once a day it carries out the retention schedule
// (src/shared/retention-schedule.ts, the same table /privacy shows) and writes what it did to retention_log.
// Every step is a conditional statement, so two processes running it at once do each thing once.

const count = (rows: unknown[]) => rows.length;

async function record(db: Queryable, rule: RetentionRuleId, n: number, detail: string) {
  if (n > 0) await db.insert(retentionLog).values({ rule, count: n, detail });
}

const ago = (now: Date, id: RetentionRuleId) => new Date(now.getTime() - retentionDays(id) * DAY_MS);

export interface RetentionReport {
  [rule: string]: number;
}

export async function runRetention(deps: PrivacyDeps, now = new Date()): Promise<RetentionReport> {
  const db = deps.database.db;
  const report: RetentionReport = {};

  // Downloads: 7 days after they were ready (expires_at), the ZIP goes.
  const expired = await db
    .update(dataExports)
    .set({ status: 'expired', objectKey: null })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  for (const row of expired) await deps.store.delete(`export/${row.id}.zip`).catch(() => {});
  report['data-exports'] = count(expired);
  await record(db, 'data-exports', count(expired), 'downloads deleted 7 days after they were ready');

  const cutoff = (id: RetentionRuleId) => ago(now, id).toISOString();
  const steps: [RetentionRuleId, ReturnType<typeof sql>, string][] = [
    [
      'sessions',
      sql`DELETE FROM auth_sessions WHERE expires_at < ${cutoff('sessions')}::timestamptz
          OR last_seen_at < ${cutoff('sessions')}::timestamptz - interval '14 days' RETURNING id`,
      'ended sessions deleted',
    ],
    [
      'password-resets',
      sql`DELETE FROM password_reset_tokens WHERE expires_at < ${cutoff('password-resets')}::timestamptz RETURNING id`,
      'expired reset links deleted',
    ],
    [
      'sign-in-limits',
      sql`DELETE FROM rate_limits WHERE window_start < ${cutoff('sign-in-limits')}::timestamptz RETURNING key`,
      'old throttle counters deleted',
    ],
    [
      'erasure-notices',
      sql`UPDATE email_outbox SET to_address = 'erased@erased.invalid'
          WHERE kind = ${ERASURE_NOTICE_KIND} AND status IN ('sent', 'logged', 'failed')
            AND to_address <> 'erased@erased.invalid' RETURNING id`,
      'addresses removed from sent erasure notices',
    ],
    [
      'requests-register',
      sql`DELETE FROM data_requests WHERE status = 'completed'
          AND completed_at < ${cutoff('requests-register')}::timestamptz RETURNING id`,
      'answered requests older than 6 years deleted',
    ],
  ];
  for (const [rule, statement, detail] of steps) {
    const n = count(await query(db, statement));
    report[rule] = n;
    await record(db, rule, n, detail);
  }

  // Legal holds whose end date has passed: finish the erasure they postponed.
  const today = now.toISOString().slice(0, 10);
  const due = await db
    .select()
    .from(erasureHolds)
    .where(and(isNull(erasureHolds.releasedAt), sql`${erasureHolds.until} < ${today}::date`));
  report.payments = 0;
  report.apprenticeship = 0;
  for (const hold of due) {
    const files = await db.transaction(async (tx) => {
      const [mine] = await tx
        .update(erasureHolds)
        .set({ releasedAt: now })
        .where(and(eq(erasureHolds.id, hold.id), isNull(erasureHolds.releasedAt)))
        .returning({ id: erasureHolds.id });
      if (!mine) return null;
      const keys = await finishHeld(tx, hold.userId, hold.kind);
      await record(
        tx,
        hold.kind,
        1,
        `hold ended ${hold.until}: ${hold.kind === 'payments' ? 'payment records detached' : 'apprenticeship records and evidence deleted'} (${keys.length} files)`,
      );
      return keys;
    });
    if (!files) continue;
    report[hold.kind] = (report[hold.kind] ?? 0) + 1;
    for (const key of files) await deps.store.delete(key).catch(() => {});
  }
  return report;
}
