import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { generatePassword, hashPassword } from '#server/lib/passwords.util.ts';
import { findUserByEmail } from './auth.service.ts';

export interface AdminBootstrap {
  email: string;
  /** Only when this start created the admin with a generated password: printed once. */
  generatedPassword?: string;
  created: boolean;
}

/** On start: if no admin exists, create one from ADMIN_EMAIL/ADMIN_PASSWORD or admin@localhost. */
export async function ensureAdmin(
  db: Db,
  options: { email?: string; password?: string },
): Promise<AdminBootstrap | null> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing.length > 0) return null;

  const email = (options.email ?? 'admin@localhost').toLowerCase();
  const generatedPassword = options.password ? undefined : generatePassword(16);
  const passwordHash = await hashPassword(options.password ?? generatedPassword!);
  const sameEmail = await findUserByEmail(db, email);
  if (sameEmail) {
    await db
      .update(users)
      .set({ role: 'admin', passwordHash, isActive: true })
      .where(eq(users.id, sameEmail.id));
  } else {
    await db.insert(users).values({ email, passwordHash, role: 'admin', firstName: 'Admin' });
  }
  return { email, generatedPassword, created: true };
}
