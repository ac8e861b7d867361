import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { FEATURE_KINDS } from './export-records-features.repo.ts';
import { ordersOf, paymentsOf } from './export-scope.repo.ts';
import { type Person, query, type Row } from './person.repo.ts';
import type { ExportKind } from './personal-data.types.ts';

// The record kinds of a data export (README 'Your data'): one JSON and one CSV file each in the ZIP, described in
// its README.txt. Each reads only what belongs to the person.

/** PostgreSQL's text form of a timestamp with time zone, as one driver hands back what the other makes a Date. */
const PG_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?$/;

/** A timestamp as ISO 8601 in UTC (README.txt says so), whichever database and driver read it. */
function isoTime(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  const match = typeof value === 'string' ? PG_TIMESTAMP.exec(value) : null;
  if (!match) return value;
  return new Date(`${match[1]}T${match[2]}${match[3]}:${match[4] ?? '00'}`).toISOString();
}

/** The rows of one kind for one person, times in ISO 8601 UTC. */
export async function rowsOf(db: Queryable, kind: ExportKind, person: Person): Promise<Row[]> {
  const rows = await query(db, kind.statement(person));
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, isoTime(value)])),
  );
}

export const EXPORT_KINDS: ExportKind[] = [
  {
    name: 'profile',
    describe:
      'your account: name, email, phone, company, job title, experience, photo, when you joined and last signed in',
    statement: (
      p,
    ) => sql`SELECT id, email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber",
        company, job_title AS "jobTitle", experience_level AS "experienceLevel", profile_image_url AS "photo",
        role, is_active AS "isActive", created_at AS "createdAt", last_login_at AS "lastLoginAt",
        last_active_at AS "lastActiveAt", staff_roles AS "staffRoles", (SELECT json_agg(json_build_object('file', original_name,
          'type', file_type, 'uploadedAt', created_at)) FROM stored_objects WHERE uploaded_by = ${p.id}) AS "uploads"
        FROM users WHERE id = ${p.id}`,
  },
  {
    name: 'devices',
    describe: 'the devices signed in to your account: browser, network address, first and last use',
    statement: (p) => sql`SELECT user_agent AS "browser", ip_address AS "address", created_at AS "signedInAt",
        last_seen_at AS "lastSeenAt", expires_at AS "expiresAt" FROM auth_sessions WHERE user_id = ${p.id}
        ORDER BY created_at`,
  },
  {
    name: 'enrolments',
    describe: 'the courses you are enrolled on, how (purchase, team seat, by staff) and when',
    statement: (p) => sql`SELECT c.title AS "course", e.source, e.created_at AS "enrolledAt" FROM enrolments e
        JOIN courses c ON c.id = e.course_id WHERE e.user_id = ${p.id} ORDER BY e.created_at`,
  },
  {
    name: 'progress',
    describe:
      'your progress: per topic (video position, completion), per module (percentage), SCORM lessons and resources opened',
    statement: (
      p,
    ) => sql`SELECT 'topic' AS "kind", t.title AS "item", tp.video_position_seconds AS "videoPositionSeconds",
          NULL::numeric AS "percentage", tp.completed_at AS "completedAt", tp.updated_at AS "at"
        FROM topic_progress tp JOIN topics t ON t.id = tp.topic_id WHERE tp.user_id = ${p.id}
        UNION ALL
        SELECT 'module', m.title, NULL, mp.progress_percentage, NULL, mp.updated_at
        FROM module_progress mp JOIN modules m ON m.id = mp.module_id WHERE mp.user_id = ${p.id}
        UNION ALL
        SELECT 'scorm', t.title, NULL, sa.score_raw::numeric, sa.completed_at, sa.updated_at
        FROM scorm_attempts sa JOIN topics t ON t.id = sa.topic_id WHERE sa.user_id = ${p.id}
        UNION ALL
        SELECT 'opened ' || r.resource_type, t.title, NULL, NULL, NULL, r.created_at
        FROM resource_access_events r JOIN topics t ON t.id = r.topic_id WHERE r.user_id = ${p.id}
        ORDER BY "at"`,
  },
  {
    name: 'quiz-attempts',
    describe: 'every quiz attempt: quiz, score, pass or fail, when',
    statement: (p) => sql`SELECT q.title AS "quiz", a.score, a.points_earned AS "pointsEarned",
        a.points_possible AS "pointsPossible", a.passed, a.answers, a.created_at AS "at" FROM quiz_attempts a
        JOIN quizzes q ON q.id = a.quiz_id WHERE a.user_id = ${p.id} ORDER BY a.created_at`,
  },
  {
    name: 'messages',
    describe: 'every message in your conversations: who sent it, when, and the text',
    statement: (p) => sql`SELECT c.id AS "conversation", c.title AS "conversationTitle",
        CASE WHEN m.sender_id = ${p.id} THEN 'you'
             ELSE coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), 'staff') END AS "from",
        m.content AS "text", m.created_at AS "sentAt"
        FROM conversation_participants cp JOIN conversations c ON c.id = cp.conversation_id
        JOIN messages m ON m.conversation_id = c.id JOIN users u ON u.id = m.sender_id
        WHERE cp.user_id = ${p.id} ORDER BY m.created_at`,
  },
  {
    name: 'live-sessions',
    describe:
      'live sessions: the ones you were booked on, your answers to "Attending?", and the register as staff marked it',
    statement: (p) => sql`SELECT 'booking' AS "kind", s.title AS "session", s.start_time AS "startsAt",
          s.end_time AS "endsAt", s.session_type AS "type", a.status, a.created_at AS "at"
        FROM live_session_attendees a JOIN live_sessions s ON s.id = a.session_id WHERE a.user_id = ${p.id}
        UNION ALL
        SELECT 'your answer', s.title, s.start_time, s.end_time, s.session_type,
          CASE WHEN r.attending THEN 'attending' ELSE 'not attending' END, r.updated_at
        FROM live_session_responses r JOIN live_sessions s ON s.id = r.session_id WHERE r.user_id = ${p.id}
        UNION ALL
        SELECT 'register', s.title, s.start_time, s.end_time, s.session_type,
          CASE WHEN g.present THEN 'present' ELSE 'absent' END, g.marked_at
        FROM live_session_attendance g JOIN live_sessions s ON s.id = g.session_id WHERE g.user_id = ${p.id}
        ORDER BY "startsAt", "kind"`,
  },
  {
    name: 'otj-log',
    describe:
      'your off-the-job training log: date, hours, activity, description, where it came from, status, evidence',
    statement: (p) => sql`SELECT e.date::text AS "date", round(e.seconds / 3600.0, 2)::real AS "hours",
        e.activity, e.description, e.source, e.in_paid_hours AS "inPaidHours", e.status,
        e.rejection_reason AS "rejectionReason", e.decided_at AS "decidedAt", e.evidence_path AS "evidence",
        e.created_at AS "createdAt" FROM otj_entries e WHERE e.student_id = ${p.id} ORDER BY e.date, e.created_at`,
  },
  {
    name: 'otj-reviews',
    describe: 'your apprenticeship progress reviews and who signed them',
    statement: (
      p,
    ) => sql`SELECT r.review_date::text AS "date", r.progress_summary AS "progress", r.next_steps AS "nextSteps",
        r.support_needs AS "supportNeeds", r.otj_hours_to_date AS "otjHoursToDate",
        (SELECT string_agg(s.role || ': ' || s.name, '; ') FROM review_signatures s WHERE s.review_id = r.id)
          AS "signatures"
        FROM progress_reviews r WHERE r.student_id = ${p.id} ORDER BY r.review_date`,
  },
  {
    name: 'certificates',
    describe:
      'your certificates: course, holder name, dates, code, and whether revoked (the PDFs are in files/)',
    statement: (
      p,
    ) => sql`SELECT code, course_title AS "course", holder_name AS "holder", completed_at AS "completedAt",
        issued_at AS "issuedAt", revoked_at AS "revokedAt" FROM certificates WHERE user_id = ${p.id}
        ORDER BY issued_at`,
  },
  {
    name: 'course-reviews',
    describe: 'reviews you wrote of courses, and reports you made about reviews',
    statement: (
      p,
    ) => sql`SELECT 'review' AS "kind", c.title AS "course", r.rating, r.body AS "text", r.created_at AS "at"
        FROM course_reviews r JOIN courses c ON c.id = r.course_id WHERE r.user_id = ${p.id}
        UNION ALL
        SELECT 'report', NULL, NULL, rr.reason, rr.created_at FROM review_reports rr
        WHERE rr.reporter_user_id = ${p.id} ORDER BY "at"`,
  },
  {
    name: 'orders',
    describe:
      'your payments and team orders: course, amount in pence, status, dates, the details you gave, team seats you held',
    statement: (
      p,
    ) => sql`SELECT 'payment' AS "kind", c.title AS "course", pay.amount_pence AS "amountPence", pay.plan,
          pay.status, pay.created_at AS "at", pay.student_data::text AS "details"
        FROM payments pay JOIN courses c ON c.id = pay.course_id WHERE pay.id IN ${paymentsOf(p)}
        UNION ALL
        SELECT 'instalment ' || i.sequence, c.title, i.amount_pence, pay.plan, i.status, i.due_at, NULL
        FROM payment_instalments i JOIN payments pay ON pay.id = i.payment_id JOIN courses c ON c.id = pay.course_id
        WHERE pay.id IN ${paymentsOf(p)}
        UNION ALL
        SELECT 'team order', c.title, o.amount_pence, o.pay_by, o.status, o.created_at,
          json_build_object('seats', o.seats + o.extra_seats, 'company', o.company, 'buyer', o.buyer)::text
        FROM team_orders o JOIN courses c ON c.id = o.course_id WHERE o.id IN ${ordersOf(p)}
        UNION ALL
        SELECT 'team seat', c.title, NULL, NULL, s.status, s.assigned_at,
          json_build_object('company', o.company->>'name')::text
        FROM team_seats s JOIN team_orders o ON o.id = s.team_order_id JOIN courses c ON c.id = o.course_id
        WHERE s.user_id = ${p.id}
        UNION ALL
        SELECT 'course withdrawn by employer', c.title, NULL, NULL, w.company_name, w.withdrawn_at, NULL
        FROM seat_withdrawals w JOIN courses c ON c.id = w.course_id WHERE w.user_id = ${p.id}
        ORDER BY "at"`,
  },
  {
    name: 'invoices',
    describe: 'invoices for your team orders: number, issue date, amounts (the PDFs are in files/)',
    statement: (
      p,
    ) => sql`SELECT 'INV-' || lpad(i.number::text, 6, '0') AS "number", i.issued_at AS "issuedAt",
        o.net_pence AS "netPence", o.vat_pence AS "vatPence", o.amount_pence AS "totalPence", o.status
        FROM invoices i JOIN team_orders o ON o.id = i.team_order_id WHERE o.id IN ${ordersOf(p)}
        ORDER BY i.number`,
  },
  {
    name: 'consents',
    describe:
      'what you agreed to: immediate access when you paid (wording version, time, address), course waitlists you joined, employer contacts you were offered or accepted',
    statement: (p) => sql`SELECT 'waitlist' AS "kind", c.title AS "about", w.created_at AS "at",
          CASE WHEN w.unsubscribed_at IS NOT NULL THEN 'unsubscribed'
               WHEN w.confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'not confirmed' END AS "status"
        FROM waitlist_subscribers w JOIN courses c ON c.id = w.course_id WHERE lower(w.email) = lower(${p.email})
        UNION ALL
        SELECT 'immediate access at checkout (wording ' || (pay.consent->>'version') || ', from ' ||
            coalesce(pay.consent->>'ip', 'unknown address') || ')', c.title, (pay.consent->>'at')::timestamptz, 'given'
        FROM payments pay JOIN courses c ON c.id = pay.course_id
        WHERE pay.consent IS NOT NULL AND pay.id IN ${paymentsOf(p)}
        UNION ALL
        SELECT 'employer contact offered', trim(concat_ws(' ', u.first_name, u.last_name)), ecp.created_at, 'waiting'
        FROM employer_contact_proposals ecp JOIN users u ON u.id = ecp.manager_user_id WHERE ecp.student_id = ${p.id}
        UNION ALL
        SELECT 'employer contact', trim(concat_ws(' ', u.first_name, u.last_name)), a.updated_at, 'accepted'
        FROM apprenticeships a JOIN users u ON u.id = a.employer_contact_id WHERE a.student_id = ${p.id}
        UNION ALL
        SELECT 'employer contact ended', e.contact_name, e.ended_at, e.reason
        FROM employer_contact_endings e WHERE e.student_id = ${p.id}
        ORDER BY "at"`,
  },
  {
    name: 'data-requests',
    describe:
      'the requests you made about your data, when they were due and answered, and the copies made for you',
    statement: (
      p,
    ) => sql`SELECT 'request: ' || kind AS "kind", source, received_at AS "receivedAt", due_at AS "dueAt",
          status, completed_at AS "completedAt" FROM data_requests WHERE user_id = ${p.id}
        UNION ALL
        SELECT 'copy of your data', NULL, created_at, expires_at, status, ready_at FROM data_exports
        WHERE user_id = ${p.id} ORDER BY "receivedAt"`,
  },
  ...FEATURE_KINDS,
];
