import { type AppConfig, testConfig } from '#server/config.ts';

/**
 * The test settings with production's response path: benchmarks measure what production runs, so responses are
 * not also written by zod for the cross-check (lib/response-serializer.util.ts).
 */
export function benchConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return testConfig({ logLevel: 'silent', checkResponses: false, ...overrides });
}
