import type { AuthzCase } from '#server/test/authz.ts';
import { adminOnly, attendedLiveSession, ownerOnly, signedIn } from '#server/test/authz-fixtures.ts';

export const authzCases: AuthzCase[] = [
  {
    method: 'GET',
    url: '/api/sessions/upcoming',
    expect: signedIn(200),
    note: "only the caller's courses and the sessions they attend",
  },
  {
    method: 'GET',
    url: '/api/sessions/:id/ics',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) } }),
    expect: ownerOnly(200, 404),
    note: 'the calendar file of a session the caller sees (attendee list or course)',
  },
  {
    method: 'POST',
    url: '/api/sessions/:id/rsvp',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) }, body: { attending: true } }),
    expect: ownerOnly(200, 404),
    note: 'only for a session the caller sees',
  },
  {
    method: 'GET',
    url: '/api/admin/caseload/sessions',
    expect: { ...adminOnly(200), tutor: 200, otherTutor: 200 },
    note: 'every tutor, the sessions their own caseload is expected at (admins: their own, usually none)',
  },
  {
    method: 'GET',
    url: '/api/admin/sessions/:id/attendance',
    prepare: async (w) => ({ params: { id: await attendedLiveSession(w) } }),
    expect: { ...adminOnly(200), tutor: 200 },
    note: 'admins; tutors of someone expected there; instructors of its course (none here: 403)',
  },
  {
    method: 'PUT',
    url: '/api/admin/sessions/:id/attendance',
    prepare: async (w) => ({
      params: { id: await attendedLiveSession(w) },
      body: { present: [w.users.student.id] },
    }),
    expect: { ...adminOnly(200), tutor: 200 },
    note: 'admins; tutors of someone expected there; instructors of its course; recorded in the audit log',
  },
];
