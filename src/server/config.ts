import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { passwordWeakness } from './lib/password.policy.ts';

// The one place that reads process.env. A bad value stops start-up with every problem listed.
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A password an operator chooses follows the same rule as one a person chooses (lib/password.policy.ts). */
const chosenPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const weakness = passwordWeakness(value);
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional())
    .optional(),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.email().optional())
    .optional(),
  ADMIN_PASSWORD: optionalString.pipe(chosenPassword.optional()),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  // Fixed demo student password (tests and demos); generated and printed when unset.
  DEMO_STUDENT_PASSWORD: optionalString.pipe(chosenPassword.optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString,
  // A relay that accepts TCP and never answers must not hold a send for minutes (README 'Configuration').
  SMTP_CONNECTION_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(10),
  SMTP_GREETING_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(10),
  SMTP_SOCKET_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(30),
  // SIGTERM waits this long for in-flight requests and mail sends (README 'Configuration').
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(25),
  // Payments (single purchases and team orders) one address may start in 10 minutes (README 'Limits and bad
  // input').
  PAYMENT_STARTS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  INSTALMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // Which proxies' X-Forwarded-For to believe for the client IP (rate limits, logs, device list): README
  // 'Configuration'.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      if (v === '' || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
      if (
        list.length === 0 ||
        !list.every(
          (part) =>
            address.test(part) || part === 'loopback' || part === 'linklocal' || part === 'uniquelocal',
        )
      ) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true, a hop count, or comma-separated addresses/CIDRs',
        });
        return z.NEVER;
      }
      return list;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Signs upload URLs and other server-made tokens; generated and kept under DATA_DIR when unset.
  APP_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // Ed25519 seed that signs certificates' Open Badges credentials; generated and kept in the database when
  // unset.
  CERTIFICATE_SIGNING_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 random bytes in base64url (43 characters)')
      .optional(),
  ),
  // Supplier details printed on team invoices and receipts.
  COMPANY_NAME: optionalString,
  COMPANY_ADDRESS: optionalString,
  VAT_NUMBER: optionalString.pipe(
    z
      .string()
      .regex(/^GB(\d{9}|\d{12})$/, 'must be GB followed by 9 or 12 digits')
      .optional(),
  ),
  VAT_RATE: z.coerce.number().int().min(0).max(100).default(20),
  BANK_DETAILS: optionalString,
  // The provider's UK Provider Reference Number, written into the ILR file (README 'Apprenticeships').
  UKPRN: optionalString.pipe(
    z
      .string()
      .regex(/^[1-9]\d{7}$/, 'must be the 8-digit UK Provider Reference Number')
      .optional(),
  ),
  // The apprenticeship funding agreement's retention date: erased apprentices' records are held until then.
  FUNDING_RETENTION_UNTIL: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'must be a real date')
    .default('2030-12-31'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  /**
   * Every response is also written by its zod schema and must be the same JSON as the compiled serializer's
   * (lib/response-serializer.util.ts): on outside production; off in production and in the benchmarks.
   */
  checkResponses: boolean;
  port: number;
  host: string;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean | undefined;
  demoStudentPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** nodemailer's connection, greeting and socket (idle) timeouts, in milliseconds. */
  smtpTimeouts: { connectionMs: number; greetingMs: number; socketMs: number };
  shutdownTimeoutMs: number;
  /** Payments one client address may start per 10 minutes (anonymous checkout and team orders). */
  paymentStartsPerIp: number;
  /** Days an overdue monthly instalment keeps the course open before access pauses (docs/product.md#failed-instalments). */
  instalmentGraceDays: number;
  stripe:
    | {
        secretKey: string;
        publishableKey: string | undefined;
        webhookSecret: string | undefined;
        /** Tests only: a local fake of the Stripe API that stripe-node is pointed at. */
        apiBase?: string;
      }
    | undefined;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      }
    | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false (default), true, a hop count, or proxy addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  appSecret: string | undefined;
  certificateSigningKey: string | undefined;
  /** The supplier on invoices; `vatNumber` unset means the documents say "not VAT registered". */
  invoicing: {
    companyName: string;
    companyAddress: string;
    vatNumber: string | undefined;
    vatRate: number;
    bankDetails: string;
  };
  /** The provider's UKPRN for the ILR file; unset, the export answers 422. */
  ukprn: string | undefined;
  /** YYYY-MM-DD: apprenticeship records of erased people are held until this day (README 'Your data'). */
  fundingRetentionUntil: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    checkResponses: env.NODE_ENV !== 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    seedDemo: env.SEED_DEMO === undefined ? undefined : env.SEED_DEMO === '1',
    demoStudentPassword: env.DEMO_STUDENT_PASSWORD,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'TradeSkills <no-reply@tradeskills.local>',
    smtpTimeouts: {
      connectionMs: env.SMTP_CONNECTION_TIMEOUT_S * 1000,
      greetingMs: env.SMTP_GREETING_TIMEOUT_S * 1000,
      socketMs: env.SMTP_SOCKET_TIMEOUT_S * 1000,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_S * 1000,
    paymentStartsPerIp: env.PAYMENT_STARTS_PER_IP,
    instalmentGraceDays: env.INSTALMENT_GRACE_DAYS,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    appSecret: env.APP_SECRET,
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY,
    invoicing: {
      companyName: env.COMPANY_NAME ?? 'TradeSkills Ltd',
      // Commas separate the printed lines.
      companyAddress: env.COMPANY_ADDRESS ?? 'Unit 1, Trade Park, Manchester, M1 1AA',
      vatNumber: env.VAT_NUMBER,
      vatRate: env.VAT_RATE,
      bankDetails: env.BANK_DETAILS ?? 'Ask accounts@tradeskills.co.uk for our bank details',
    },
    ukprn: env.UKPRN,
    fundingRetentionUntil: env.FUNDING_RETENTION_UNTIL,
  };
}

/** A config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // Test files buy many courses from one address; the payment-start throttle has its own test at the default.
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAYMENT_STARTS_PER_IP: '100000' }),
    ...overrides,
  };
}
