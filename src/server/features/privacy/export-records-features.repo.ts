import { sql } from 'drizzle-orm';
import { ordersOf, paymentsOf } from './export-scope.repo.ts';
import type { ExportKind } from './personal-data.types.ts';

// The export's record kinds for the features built beside 'Your data' (README 'Your data'): the apprenticeship
// record and its KSB evidence, qualifications, SCORM run data, refunds and credit notes, discount codes used,
// notifications, staff roles, the audit trail about the person and the emails sent to them.

export const FEATURE_KINDS: ExportKind[] = [
  {
    name: 'apprenticeship',
    describe:
      'your apprenticeship record: standard, dates, planned hours, prior learning, the learner-record details (ULN, date of birth, sex, ethnicity, postcodes, health), your tutor and employer contact, gateway signatures',
    statement: (
      p,
    ) => sql`SELECT a.standard, s.reference_number AS "standardReference", s.version AS "standardVersion",
        a.level, a.start_date::text AS "startDate", a.end_date::text AS "endDate",
        a.weekly_contracted_hours AS "weeklyContractedHours", a.planned_otj_hours AS "plannedOtjHours",
        a.prior_learning_reduction_hours AS "priorLearningReductionHours",
        a.prior_learning_reason AS "priorLearningReason", a.uln, a.date_of_birth::text AS "dateOfBirth", a.sex,
        a.ethnicity, a.postcode, a.postcode_prior AS "postcodePrior", a.lldd_health_problem AS "llddHealthProblem",
        a.delivery_postcode AS "deliveryPostcode", a.actual_end_date::text AS "actualEndDate",
        a.end_reason AS "endReason", trim(concat_ws(' ', t.first_name, t.last_name)) AS "tutor",
        trim(concat_ws(' ', e.first_name, e.last_name)) AS "employerContact",
        (SELECT string_agg(g.role || ': ' || g.name || ' on ' || g.signed_at::date, '; ' ORDER BY g.signed_at)
          FROM gateway_signatures g WHERE g.apprenticeship_id = a.id) AS "gatewaySignatures"
        FROM apprenticeships a LEFT JOIN standards s ON s.id = a.standard_id
        LEFT JOIN users t ON t.id = a.tutor_user_id LEFT JOIN users e ON e.id = a.employer_contact_id
        WHERE a.student_id = ${p.id}`,
  },
  {
    name: 'ksbs',
    describe:
      'your knowledge, skills and behaviours (KSBs): evidence from topics you completed, the KSBs you tagged on log entries, and the ones your tutor signed off',
    statement: (p) => sql`SELECT 'evidenced by a topic' AS "kind", k.code, k.detail, t.title AS "from",
          NULL AS "status", v.created_at AS "at"
        FROM topic_ksb_evidence v JOIN apprenticeships a ON a.id = v.apprenticeship_id
        JOIN standard_ksbs k ON k.id = v.ksb_id JOIN topics t ON t.id = v.topic_id WHERE a.student_id = ${p.id}
        UNION ALL
        SELECT 'tagged on a log entry', k.code, k.detail, e.date::text || ': ' || e.description, x.status, e.created_at
        FROM otj_entry_ksbs x JOIN otj_entries e ON e.id = x.entry_id JOIN standard_ksbs k ON k.id = x.ksb_id
        WHERE e.student_id = ${p.id}
        UNION ALL
        SELECT 'signed off', k.code, k.detail, so.signed_name, 'signed', so.signed_at
        FROM ksb_signoffs so JOIN apprenticeships a ON a.id = so.apprenticeship_id
        JOIN standard_ksbs k ON k.id = so.ksb_id WHERE a.student_id = ${p.id}
        ORDER BY "at", "code"`,
  },
  {
    name: 'qualifications',
    describe: 'the qualifications on your apprenticeship plan: title, date achieved, evidence (in files/)',
    statement: (p) => sql`SELECT q.title, q.achieved_on::text AS "achievedOn", q.evidence_path AS "evidence",
        q.created_at AS "recordedAt" FROM apprenticeship_qualifications q
        JOIN apprenticeships a ON a.id = q.apprenticeship_id WHERE a.student_id = ${p.id} ORDER BY q.created_at`,
  },
  {
    name: 'scorm-runs',
    describe:
      'the data each SCORM lesson recorded for you: status, score, time spent, sessions, and everything it stored',
    statement: (p) => sql`SELECT t.title AS "lesson", r.status, r.success_status AS "successStatus",
        r.score_raw AS "score", r.total_seconds AS "totalSeconds", r.sessions, r.completed_at AS "completedAt",
        r.updated_at AS "updatedAt", r.cmi AS "data"
        FROM scorm_attempts r JOIN topics t ON t.id = r.topic_id WHERE r.user_id = ${p.id} ORDER BY r.updated_at`,
  },
  {
    name: 'refunds',
    describe:
      'refunds of your payments (asked by you as a cancellation, or made by staff) and the credit notes that corrected your invoices (the PDFs are in files/)',
    statement: (p) => sql`SELECT 'refund' AS "kind", c.title AS "course", r.amount_pence AS "amountPence",
          r.reason, r.source, r.status, r.seats, r.end_access AS "endedAccess", NULL AS "number", r.created_at AS "at"
        FROM refunds r JOIN payments pay ON pay.id = r.payment_id JOIN courses c ON c.id = pay.course_id
        WHERE pay.id IN ${paymentsOf(p)}
        UNION ALL
        SELECT 'credit note', c.title, n.amount_pence, n.reason, NULL, NULL, NULL, NULL,
          'CN-' || lpad(n.number::text, 6, '0'), n.issued_at
        FROM credit_notes n JOIN team_orders o ON o.id = n.team_order_id JOIN courses c ON c.id = o.course_id
        WHERE o.id IN ${ordersOf(p)}
        ORDER BY "at"`,
  },
  {
    name: 'discounts',
    describe: 'the discount codes you used: code, what it took off, the price before it, when',
    statement: (p) => sql`SELECT d.code, x.amount_off_pence AS "amountOffPence",
        x.list_price_pence AS "listPricePence", x.created_at AS "at"
        FROM discount_redemptions x JOIN discount_codes d ON d.id = x.code_id
        WHERE x.payment_id IN ${paymentsOf(p)} OR x.team_order_id IN ${ordersOf(p)}
          OR (x.email <> '' AND x.email = lower(${p.email}))
        ORDER BY x.created_at`,
  },
  {
    name: 'notifications',
    describe: 'what the app told you (the bell), and the kinds of email you switched off',
    statement: (p) => sql`SELECT 'notification' AS "kind", n.kind AS "about", n.title, n.body, n.link,
          n.read_at AS "readAt", n.created_at AS "at"
        FROM notifications n WHERE n.user_id = ${p.id}
        UNION ALL
        SELECT 'email preference', np.kind, CASE WHEN np.email THEN 'email on' ELSE 'email off' END, NULL, NULL,
          NULL, np.updated_at
        FROM notification_preferences np WHERE np.user_id = ${p.id}
        ORDER BY "at"`,
  },
  {
    name: 'staff',
    describe:
      'if you work for us: your staff roles, your invitation, and the courses you are assigned to teach',
    statement: (
      p,
    ) => sql`SELECT 'roles' AS "kind", concat_ws(', ', CASE WHEN u.role = 'admin' THEN 'admin' END,
          array_to_string(u.staff_roles, ', ')) AS "detail", u.created_at AS "at"
        FROM users u WHERE u.id = ${p.id} AND u.role <> 'student'
        UNION ALL
        SELECT 'invitation', array_to_string(i.roles, ', ') || coalesce(' (accepted ' || i.accepted_at::date || ')', ''),
          i.created_at FROM staff_invitations i WHERE i.user_id = ${p.id} OR lower(i.email) = lower(${p.email})
        UNION ALL
        SELECT 'teaches', c.title, ci.created_at FROM course_instructors ci JOIN courses c ON c.id = ci.course_id
        WHERE ci.user_id = ${p.id}
        ORDER BY "at"`,
  },
  {
    name: 'audit-trail',
    describe:
      'what staff changed about you or your records (grades, approvals, refunds, enrolments), and what you changed as staff',
    statement: (p) => sql`SELECT l.at, l.action, l.entity_type AS "entityType", l.summary,
        CASE WHEN l.actor_id = ${p.id} THEN 'you' ELSE 'staff' END AS "by"
        FROM audit_log l WHERE l.actor_id = ${p.id} OR l.entity_id = ${p.id}::text
          OR l.entity_id IN (SELECT id::text FROM otj_entries WHERE student_id = ${p.id})
          OR l.entity_id IN (SELECT id::text FROM apprenticeships WHERE student_id = ${p.id})
          OR l.entity_id IN (SELECT id::text FROM ${paymentsOf(p)} AS mine)
          OR l.entity_id IN (SELECT id::text FROM ${ordersOf(p)} AS mine)
        ORDER BY l.at, l.id`,
  },
  {
    name: 'emails',
    describe:
      'the emails we sent you: kind, subject, when and whether delivered (not their text: it may hold sign-in links)',
    statement: (p) => sql`SELECT kind, subject, status, created_at AS "createdAt", sent_at AS "sentAt"
        FROM email_outbox WHERE lower(to_address) = lower(${p.email}) ORDER BY created_at`,
  },
];
