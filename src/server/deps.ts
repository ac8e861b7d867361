import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { apprenticeshipLearning, otjEvidenceAccess } from '#server/features/apprenticeships/index.ts';
import { CatalogCache } from '#server/features/catalog/index.ts';
import {
  certificateOnCompletion,
  loadSigningKey,
  type SigningKey,
} from '#server/features/certificates/index.ts';
import type {
  CardChangeEventHandler,
  CheckoutDeps,
  InstalmentEventHandler,
  PaymentProvider,
  PaymentSettlement,
  RefundEventHandler,
} from '#server/features/checkout/index.ts';
import { StripeProvider, TestPaymentProvider } from '#server/features/checkout/index.ts';
import {
  cardChangeEventHandler,
  type InstalmentDeps,
  instalmentEventHandler,
  overdueInstalmentSettlement,
} from '#server/features/instalments/index.ts';
import { LearningCache, type LearningSubscriber } from '#server/features/learning/index.ts';
import {
  DiskObjectStore,
  type MediaAccessRule,
  type MediaDeps,
  type ObjectStore,
  S3ObjectStore,
  UploadSigner,
} from '#server/features/media/index.ts';
import { createMessageHub, type MessageHub } from '#server/features/messaging/index.ts';
import type { PrivacyDeps } from '#server/features/privacy/index.ts';
import { PageCache } from '#server/features/public-pages/index.ts';
import { type RefundDeps, refundEventHandler } from '#server/features/refunds/index.ts';
import { teamOrderSettlement } from '#server/features/teams/index.ts';
import type { Transport } from '#server/lib/mail/outbox.service.ts';
import { createTransport } from '#server/lib/mail/transport.provider.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { resolveAppSecret } from './lib/app-secret.service.ts';
import { SessionResolver } from './lib/sessions.service.ts';

// The composition root (ARCHITECTURE.md 'Composition root'): every long-lived collaborator of the app is made
// here, once per process, from the configuration and the database, and handed to routes and workers on the
// Fastify instance (app.objectStore, app.payments, app.mail, app.signingKey, the caches, the features'
// dependencies). Nothing else keeps a singleton, and no route hands the app itself to a service.

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
  /** Signs the sign-in device cookies (features/auth/device-cookies.service.ts); derived from the app secret. */
  deviceCookieKey: Buffer;
  /** Features' payment purposes checkout settles without knowing them (features/checkout/settlement.handler.ts). */
  paymentSettlements: PaymentSettlement[];
  /** Confirms refunds from the provider's refund events (features/refunds), for checkout's webhook. */
  refundEvents: RefundEventHandler;
  /** Records instalment invoice events (features/instalments), for checkout's webhook. */
  instalmentEvents: InstalmentEventHandler;
  /** Applies a plan's new card from setup_intent events (features/instalments), for checkout's webhook. */
  cardChangeEvents: CardChangeEventHandler;
  /** Features' rules for attached images that are their records (features/media/media-access.policy.ts). */
  mediaAccessRules: MediaAccessRule[];
  /** Features' reactions to learning, run inside its transactions (features/learning/learning-events.handler.ts). */
  learningSubscribers: LearningSubscriber[];
  /** Session cookie → user, cached per process (plugins/auth.plugin.ts; ARCHITECTURE.md 'In-process caches'). */
  sessions: SessionResolver;
  /** Course outlines and learner state (the learning and SCORM routes). */
  learningCache: LearningCache;
  /** The serialised catalogue (GET /api/courses/available and the server-rendered pages). */
  catalogCache: CatalogCache;
  /** Visitors' rendered public pages. */
  pageCache: PageCache;
}

/** What features' services take, made once per app from the services and the app's logger. */
export interface FeatureDeps {
  checkout: CheckoutDeps;
  instalments: InstalmentDeps;
  refunds: RefundDeps;
  privacy: PrivacyDeps;
  /** Stored files and the rows that use them (media, the content editor, profiles, SCORM packages). */
  media: MediaDeps & { database: Database };
  /** New messages and live updates pushed to open streams (features/messaging/message-stream.service.ts). */
  messageHub: MessageHub;
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
  const paymentSettlements = [
    teamOrderSettlement({ publicUrl: config.publicUrl, invoicing: config.invoicing }),
    overdueInstalmentSettlement({ invoicing: config.invoicing, publicUrl: config.publicUrl }),
  ];
  const mediaAccessRules = [otjEvidenceAccess];
  const refundEvents = refundEventHandler(config, database, payments);
  const instalmentEvents = instalmentEventHandler(config, database, payments);
  const cardChangeEvents = cardChangeEventHandler(database, payments);
  const learningSubscribers = [apprenticeshipLearning, certificateOnCompletion(config.publicUrl)];
  return {
    config,
    database,
    db,
    objectStore,
    payments,
    mail,
    signingKey,
    paymentSettlements,
    refundEvents,
    instalmentEvents,
    cardChangeEvents,
    mediaAccessRules,
    learningSubscribers,
    deviceCookieKey,
    sessions: new SessionResolver(database),
    learningCache: new LearningCache(database),
    catalogCache: new CatalogCache(database),
    pageCache: new PageCache(database),
  };
}

/** Stops the caches' invalidation subscriptions (the app's onClose). */
export function closeServices(services: Services): void {
  services.sessions.close();
  services.learningCache.close();
  services.catalogCache.close();
  services.pageCache.close();
}

export async function createFeatureDeps(services: Services, log: FastifyBaseLogger): Promise<FeatureDeps> {
  const { config, database, db, payments: provider } = services;
  const { publicUrl, invoicing } = config;
  return {
    checkout: {
      db,
      database,
      provider,
      publicUrl,
      log,
      invoicing,
      paymentStartsPerIp: config.paymentStartsPerIp,
      settlements: services.paymentSettlements,
      refundEvents: services.refundEvents,
      instalmentEvents: services.instalmentEvents,
      cardChangeEvents: services.cardChangeEvents,
    },
    instalments: {
      db,
      database,
      provider,
      publicUrl,
      graceDays: config.instalmentGraceDays,
      log,
      invoicing,
    },
    refunds: { db, database, provider, publicUrl, invoicing },
    privacy: { database, store: services.objectStore, config },
    media: { db, database, objectStore: services.objectStore },
    messageHub: await createMessageHub(database, log),
  };
}
