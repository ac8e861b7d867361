import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema/index.ts';

/**
 * The key that signs upload URLs: APP_SECRET when set, otherwise one generated on first start and kept in the
 * database, so every process that shares the database signs and checks with the same key.
 */
export async function resolveAppSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString('base64url');
  await db.insert(appSettings).values({ key: 'app_secret', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'app_secret'));
  return row!.value;
}
