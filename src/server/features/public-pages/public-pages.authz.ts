import type { AuthzCase } from '#server/test/authz.ts';
import { everyone as everyoneGets } from '#server/test/authz-fixtures.ts';

const everyone = everyoneGets(200);

// The page routes (/, listings, /courses/:courseId, /*) exist only when a client build is present, which the API
// tests never have; they are public and covered by public-pages.test.ts and tests/e2e/public-pages.spec.ts.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/sitemap.xml', expect: everyone, note: 'public: crawlers read it' },
  { method: 'GET', url: '/robots.txt', expect: everyone, note: 'public: crawlers read it' },
];
