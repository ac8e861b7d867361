import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  courseInstructors as courseInstructorsTable,
  standardKsbs,
  standards,
} from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { badRequest, conflict, notFound } from '#server/lib/http.error.ts';
import {
  KSB_PREFIX,
  type Ksb,
  type KsbKind,
  type Standard,
  type StandardImport,
} from '#shared/schemas/standards.ts';

// Apprenticeship standards imported from Skills England records (docs/apprenticeships.md "Standards and KSBs").

type StandardRow = typeof standards.$inferSelect;

/** K1…, S1…, B1… in each list's order, as the DfE's own services derive them. */
function ksbRows(record: StandardImport) {
  const lists: [KsbKind, { id: string; detail: string }[]][] = [
    [
      'knowledge',
      record.knowledges.map((k) => ({ id: k.knowledgeId as string, detail: k.detail as string })),
    ],
    ['skill', record.skills.map((k) => ({ id: k.skillId as string, detail: k.detail as string }))],
    [
      'behaviour',
      record.behaviours.map((k) => ({ id: k.behaviourId as string, detail: k.detail as string })),
    ],
  ];
  return lists.flatMap(([kind, items]) =>
    items.map((item, i) => ({
      kind,
      code: `${KSB_PREFIX[kind]}${i + 1}`,
      position: i + 1,
      sourceId: item.id,
      detail: item.detail.trim(),
    })),
  );
}

/**
 * POST /api/admin/standards: a version is imported once (the unique reference + version index decides, so two
 * imports at the same moment make one). A new version is a new row; apprentices keep the version they are on.
 */
export async function importStandard(db: Db, actor: AuditActor, record: StandardImport): Promise<Standard> {
  const ksbs = ksbRows(record);
  if (ksbs.length === 0) {
    throw badRequest('knowledges: the record lists no knowledge, skills or behaviours', 'STANDARD_NO_KSBS');
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(standards)
      .values({
        referenceNumber: record.referenceNumber.trim(),
        version: record.version.trim(),
        title: record.title.trim(),
        level: record.level,
        larsCode: record.larsCode,
        typicalDurationMonths: record.typicalDuration,
        importedBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: standards.id });
    if (!row) {
      throw conflict(
        `${record.referenceNumber} version ${record.version} is already imported`,
        'STANDARD_EXISTS',
      );
    }
    await tx.insert(standardKsbs).values(ksbs.map((k) => ({ ...k, standardId: row.id })));
    await recordAudit(tx, actor, {
      action: 'standard.import',
      entityType: 'standard',
      entityId: row.id,
      summary: `${record.referenceNumber} v${record.version}: ${ksbs.length} KSBs`,
    });
    return row.id;
  });
  return getStandard(db, id);
}

/** PUT /api/admin/standards/:id: the published minimum off-the-job hours (at least 187). */
export async function setMinimumHours(
  db: Db,
  actor: AuditActor,
  id: string,
  minimumOtjHours: number,
): Promise<Standard> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(standards).where(eq(standards.id, id)).for('update');
    if (!before) throw notFound('Standard not found', 'STANDARD_NOT_FOUND');
    await tx.update(standards).set({ minimumOtjHours }).where(eq(standards.id, id));
    await recordAudit(tx, actor, {
      action: 'standard.minimum',
      entityType: 'standard',
      entityId: id,
      summary: changeSummary({ minimumOtjHours: before.minimumOtjHours }, { minimumOtjHours }),
    });
  });
  return getStandard(db, id);
}

export async function findStandard(db: Queryable, id: string): Promise<StandardRow | null> {
  const [row] = await db.select().from(standards).where(eq(standards.id, id));
  return row ?? null;
}

export async function ksbsOf(
  db: Queryable,
  standardIds: string[],
): Promise<(Ksb & { standardId: string })[]> {
  if (standardIds.length === 0) return [];
  return db
    .select({
      id: standardKsbs.id,
      code: standardKsbs.code,
      kind: standardKsbs.kind,
      detail: standardKsbs.detail,
      standardId: standardKsbs.standardId,
    })
    .from(standardKsbs)
    .where(inArray(standardKsbs.standardId, standardIds))
    .orderBy(
      sql`array_position(ARRAY['knowledge','skill','behaviour'], ${standardKsbs.kind})`,
      asc(standardKsbs.position),
    );
}

/** Every imported standard version, newest reference first, with its KSBs and how many apprentices follow it. */
export async function listStandards(db: Queryable, onlyId?: string): Promise<Standard[]> {
  const rows = await db
    .select({
      standard: standards,
      apprentices: sql<number>`(SELECT count(*) FROM apprenticeships a WHERE a.standard_id = ${standards.id})::int`,
    })
    .from(standards)
    .where(onlyId ? eq(standards.id, onlyId) : undefined)
    .orderBy(asc(standards.referenceNumber), asc(standards.version));
  const ksbs = await ksbsOf(
    db,
    rows.map((r) => r.standard.id),
  );
  return rows.map(({ standard: s, apprentices }) => ({
    id: s.id,
    referenceNumber: s.referenceNumber,
    version: s.version,
    title: s.title,
    level: s.level,
    larsCode: s.larsCode,
    typicalDuration: s.typicalDurationMonths,
    minimumOtjHours: s.minimumOtjHours,
    apprentices,
    ksbs: ksbs.filter((k) => k.standardId === s.id).map(({ standardId: _s, ...k }) => k),
  }));
}

export async function getStandard(db: Queryable, id: string): Promise<Standard> {
  const [standard] = await listStandards(db, id);
  if (!standard) throw notFound('Standard not found', 'STANDARD_NOT_FOUND');
  return standard;
}

/** A course's instructors, for the teaching check on its topics' mapping. */
export async function courseInstructors(db: Queryable, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: courseInstructorsTable.userId })
    .from(courseInstructorsTable)
    .where(eq(courseInstructorsTable.courseId, courseId));
  return rows.map((r) => r.userId);
}
