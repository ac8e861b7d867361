import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { loadSigningKey, type SigningKey } from './features/certificates/signing-key.ts';
import type { PaymentProvider } from './features/checkout/payment-provider.ts';
import { StripeProvider } from './features/checkout/stripe-provider.ts';
import { TestPaymentProvider } from './features/checkout/test-provider.ts';
import type { Transport } from './features/email/outbox.service.ts';
import { createTransport } from './features/email/transport.ts';
import { DiskObjectStore } from './features/media/disk-store.ts';
import { type ObjectStore, UploadSigner } from './features/media/object-store.ts';
import { S3ObjectStore } from './features/media/s3-store.ts';
import { resolveAppSecret } from './lib/app-secret.ts';

// The composition root (ARCHITECTURE.md 'Composition root'): every long-lived collaborator of the app is made
// here, once per process, from the configuration and the database, and handed to routes and workers on the
// Fastify instance (app.objectStore, app.payments, app.mail, app.signingKey). Nothing else keeps a singleton.

export interface Services {
  config: AppConfig;
  database: Database;
  db: Db;
  /** Uploaded files: S3 when S3_BUCKET is set, else DATA_DIR/objects. */
  objectStore: ObjectStore;
  /** The card processor: Stripe when configured, else the built-in test provider. */
  payments: PaymentProvider;
  /** The SMTP relay, or null when none is configured (mail stays in the admin mailbox). */
  mail: Transport;
  /** The Ed25519 key that signs certificate credentials, made on first use and then kept. */
  signingKey: () => Promise<SigningKey>;
  /** Signs the sign-in device cookies (features/auth/device-cookies.ts); derived from the app secret. */
  deviceCookieKey: Buffer;
}

export async function createServices(config: AppConfig, database: Database): Promise<Services> {
  const db = database.db;
  // APP_SECRET, or the one generated on first start and shared through the database.
  const appSecret = await resolveAppSecret(db, config.appSecret);
  const objectStore: ObjectStore = config.s3
    ? new S3ObjectStore(config.s3)
    : new DiskObjectStore(path.join(config.dataDir, 'objects'), new UploadSigner(appSecret));
  const stripe = config.stripe;
  const payments: PaymentProvider = stripe
    ? new StripeProvider({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        apiBase: stripe.apiBase,
      })
    : new TestPaymentProvider(db, appSecret);
  const mail = createTransport(config.smtpUrl, config.mailFrom, config.smtpTimeouts);

  let key: Promise<SigningKey> | undefined;
  const signingKey = () => {
    if (!key) {
      key = loadSigningKey(db, config.certificateSigningKey, config.publicUrl);
      key.catch(() => {
        key = undefined;
      });
    }
    return key;
  };
  const deviceCookieKey = createHmac('sha256', appSecret).update('device-cookies').digest();
  return { config, database, db, objectStore, payments, mail, signingKey, deviceCookieKey };
}
