import type { Queryable } from './client.ts';
import { standardKsbs, standards } from './schema/index.ts';

/**
 * One standard, named as a demo, so the standards screens have something to show; its KSBs are placeholders, not
 * a real standard's (docs/apprenticeships.md "Standards and KSBs": real ones are imported from Skills England).
 */
export async function seedDemoStandard(tx: Queryable) {
  const [row] = await tx
    .insert(standards)
    .values({
      referenceNumber: 'ST0000',
      version: '1.0',
      title: 'DEMO standard (not a real apprenticeship standard)',
      level: 3,
      larsCode: 1,
      typicalDurationMonths: 18,
      minimumOtjHours: 187,
    })
    .returning({ id: standards.id });
  const items = [
    ['knowledge', 'Demo knowledge: safe isolation before work on a system'],
    ['knowledge', 'Demo knowledge: reading a site drawing'],
    ['skill', 'Demo skill: plan and carry out a routine installation'],
    ['behaviour', 'Demo behaviour: works safely and asks when unsure'],
  ] as const;
  const counts = { knowledge: 0, skill: 0, behaviour: 0 };
  await tx.insert(standardKsbs).values(
    items.map(([kind, detail], i) => {
      const position = ++counts[kind];
      return {
        standardId: row!.id,
        kind,
        code: `${kind[0]!.toUpperCase()}${position}`,
        position,
        sourceId: `demo-${i + 1}`,
        detail,
      };
    }),
  );
}
