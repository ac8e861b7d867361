import { z } from 'zod';
import { text } from './common.ts';

// SCORM packages as lessons (README 'SCORM packages').

/** PUT /api/topics/:id/package: an uploaded zip (upload type `package`) to check, unpack and attach. */
export const topicPackageSchema = z.object({
  objectKey: text().trim().min(1, 'A file is required').max(2000),
});

export const scormVersionSchema = z.enum(['1.2', '2004']);

export const topicPackageResultSchema = z.object({
  version: scormVersionSchema,
  title: text(),
  launchUrl: text(),
});

/** The package's run data as scorm-again keeps it (its cmi object); checked for size and clean text on the server. */
export const cmiSchema = z.record(text().max(200), z.unknown());

/** GET /api/topics/:id/scorm: what the player starts from. */
export const scormLaunchSchema = z.object({
  version: scormVersionSchema,
  title: text(),
  launchUrl: text(),
  cmi: cmiSchema,
  completed: z.boolean(),
});
export type ScormLaunch = z.infer<typeof scormLaunchSchema>;

/** PUT /api/topics/:id/scorm: committed on Commit/Terminate and every 30 s while the package runs. */
export const scormCommitSchema = z.object({ cmi: cmiSchema });

/** GET /api/admin/topics/:id/scorm: each student's run of the topic's package. */
export const scormReportSchema = z.object({
  package: z.object({ version: scormVersionSchema, title: text() }).nullable(),
  students: z.array(
    z.object({
      userId: text(),
      name: text(),
      email: text(),
      status: text(),
      successStatus: text().nullable(),
      score: z.number().nullable(),
      timeSeconds: z.number(),
      completedAt: text().nullable(),
      updatedAt: text().nullable(),
    }),
  ),
});
export type ScormReport = z.infer<typeof scormReportSchema>;
