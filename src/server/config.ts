import { z } from 'zod';

// The one place that reads process.env. A bad value stops start-up with every problem listed.
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

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
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  // Fixed demo student password (tests and demos); generated and printed when unset.
  DEMO_STUDENT_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Signs upload URLs and other server-made tokens; generated and kept under DATA_DIR when unset.
  APP_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
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
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
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
  appSecret: string | undefined;
  /** The supplier on invoices; `vatNumber` unset means the documents say "not VAT registered". */
  invoicing: {
    companyName: string;
    companyAddress: string;
    vatNumber: string | undefined;
    vatRate: number;
    bankDetails: string;
  };
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
    appSecret: env.APP_SECRET,
    invoicing: {
      companyName: env.COMPANY_NAME ?? 'TradeSkills Ltd',
      // Commas separate the printed lines.
      companyAddress: env.COMPANY_ADDRESS ?? 'Unit 1, Trade Park, Manchester, M1 1AA',
      vatNumber: env.VAT_NUMBER,
      vatRate: env.VAT_RATE,
      bankDetails: env.BANK_DETAILS ?? 'Ask accounts@tradeskills.co.uk for our bank details',
    },
  };
}

/** A config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
