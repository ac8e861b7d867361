import type { AuthzCase } from '#server/test/authz.ts';
import { enrolledCourse, everyone } from '#server/test/authz-fixtures.ts';

// The public catalogue: active courses for everyone.
export const authzCases: AuthzCase[] = [
  { method: 'GET', url: '/api/courses/available', expect: everyone(200) },
  {
    method: 'GET',
    url: '/api/courses/:id',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).courseId } }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/courses/:id/preview',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).courseId } }),
    expect: everyone(200),
    note: "the course's first lesson is public",
  },
  {
    method: 'GET',
    url: '/api/courses/:id/curriculum',
    prepare: async (world) => ({ params: { id: (await enrolledCourse(world)).courseId } }),
    expect: everyone(200),
    note: 'module and topic titles with durations, no lesson content',
  },
];
