export * from './apprenticeships.ts';
export * from './catalog.ts';
export * from './certificates.ts';
export * from './commerce.ts';
export * from './community.ts';
export * from './learning.ts';
export * from './teams.ts';
export * from './users.ts';
