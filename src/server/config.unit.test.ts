import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.stripe).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('derives PUBLIC_URL from PORT and turns on secure cookies for https', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const https = loadConfig({ PUBLIC_URL: 'https://learn.example.co.uk/' });
    expect(https.publicUrl).toBe('https://learn.example.co.uk');
    expect(https.secureCookies).toBe(true);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', ADMIN_PASSWORD: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
    expect(problems).toMatch(/^ADMIN_PASSWORD: must be at least 10 characters/m);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Password123!' })).toThrow(/ADMIN_PASSWORD: .*common/);
    expect(() => loadConfig({ DEMO_STUDENT_PASSWORD: 'qwertyuiop' })).toThrow(/DEMO_STUDENT_PASSWORD: /);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '', STRIPE_SECRET_KEY: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
  });

  it('groups Stripe and S3 settings', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(config.stripe?.secretKey).toBe('sk_test_1');
    expect(config.s3).toMatchObject({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
    });
  });
});
