import type { AuthzCase } from '#server/test/authz.ts';

const everyone = { anonymous: 200, student: 200, otherStudent: 200, teamManager: 200, admin: 200 } as const;

// The page routes (/, listings, /courses/:courseId, /*) exist only when a client build is present, which the API
// tests never have; they are public and covered by public-pages.test.ts and tests/e2e/public-pages.spec.ts.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/sitemap.xml', expect: everyone, note: 'public: crawlers read it' },
  { method: 'GET', url: '/robots.txt', expect: everyone, note: 'public: crawlers read it' },
];
