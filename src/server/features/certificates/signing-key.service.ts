import { randomBytes } from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema/index.ts';

// The Ed25519 key that signs certificates' Open Badges credentials. Like APP_SECRET (lib/app-secret.service.ts):
// CERTIFICATE_SIGNING_KEY (a base64url 32-byte seed) when set, otherwise a seed generated on first use and kept in
// the database, so every process signs with the same key and credentials stay verifiable across restarts.

export interface IssuerIdentity {
  /** The issuer Profile's URL (GET returns it, with the public key). */
  issuerId: string;
  /** The verification method: the Multikey's id. */
  keyId: string;
}

export function issuerIdentity(publicUrl: string): IssuerIdentity {
  const issuerId = `${publicUrl}/api/issuer`;
  return { issuerId, keyId: `${issuerId}#key-1` };
}

export type SigningKey = Ed25519Multikey.Ed25519KeyPair;

const SETTING = 'certificate_signing_key';

async function resolveSeed(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new Uint8Array(Buffer.from(configured, 'base64url'));
  await db
    .insert(appSettings)
    .values({ key: SETTING, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETTING));
  return new Uint8Array(Buffer.from(row!.value, 'base64url'));
}

/** The signing key pair for this database and public URL (the composition root, deps.ts, keeps it). */
export async function loadSigningKey(
  db: Db,
  configured: string | undefined,
  publicUrl: string,
): Promise<SigningKey> {
  const { issuerId, keyId } = issuerIdentity(publicUrl);
  const seed = await resolveSeed(db, configured);
  return Ed25519Multikey.generate({ seed, id: keyId, controller: issuerId });
}
