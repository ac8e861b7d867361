// Every `code` an API error body can carry ({ message, code }), with what it means. Clients branch on the code,
// never on the message (messages are for people and may be reworded). Add a line here for every new code.
export const ERROR_CODES = {
  // Generic (the defaults of the factories in src/server/lib/errors.ts and the error handler)
  BAD_REQUEST: 'The request is wrong in a way the message explains',
  INVALID_PACKAGE:
    'A SCORM package was refused; the message names the reason (not a zip, unsafe entry, too big, manifest)',
  VALIDATION_FAILED: 'A field is missing or invalid; the message names the first one',
  INVALID_TEXT: 'A text field or parameter holds a NUL character or an unpaired surrogate',
  BAD_URL: 'The URL cannot be decoded (broken percent-encoding)',
  MALFORMED_JSON: 'The body is not valid JSON',
  EMPTY_BODY: 'The body is empty although the content type says JSON',
  BODY_TOO_LARGE: 'The body is larger than the route accepts',
  INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not of a content type the route accepts (JSON, or the file type)',
  UNAUTHORIZED: 'Not signed in (or the session has ended)',
  FORBIDDEN: 'Signed in, but not allowed to do this',
  CROSS_SITE_REQUEST: 'A state-changing request from another site, refused',
  NOT_FOUND: 'No such thing, or not one the caller may see',
  ROUTE_NOT_FOUND: 'No API route with this method and path',
  METHOD_NOT_ALLOWED: 'The route exists but not for this method',
  CONFLICT: 'The request conflicts with the current state',
  TOO_LARGE: 'An uploaded file is larger than its type allows',
  RATE_LIMITED: 'Too many attempts; wait (see Retry-After) and try again',
  INTERNAL_ERROR: 'Something failed on the server; nothing internal is shown',
  // Auth and accounts
  INVALID_CREDENTIALS: 'Email or password is wrong',
  LOGIN_THROTTLED: 'Too many failed sign-ins from this address; wait and try again',
  ACCOUNT_DEACTIVATED: 'The account has been deactivated',
  TEMPORARY_PASSWORD_EXPIRED: "The temporary password has expired; use 'Forgot password?'",
  PASSWORD_CHANGE_REQUIRED: 'The user must change a temporary password before anything else',
  WRONG_PASSWORD: 'The current password given is wrong',
  SAME_PASSWORD: 'The new password equals the current one',
  WEAK_PASSWORD: 'The new password is common, leaked, predictable or personal; the message says which',
  CURRENT_PASSWORD_REQUIRED:
    'A password change needs the current password (only a fresh sign-in with a temporary one does not)',
  RESET_TOKEN_INVALID: 'The password reset link is unknown, used or expired',
  SESSION_NOT_FOUND: 'No such signed-in device for this user',
  // Staff and roles (docs/staff.md)
  NOT_A_TUTOR: 'The chosen tutor is not an active staff member holding the tutor role',
  NOT_AN_INSTRUCTOR: 'A chosen instructor is not an active staff member holding the instructor role',
  STAFF_EMAIL_IN_USE: 'The email already belongs to an account (staff are invited with a new one)',
  INVITATION_INVALID: 'The invitation link is unknown or has expired',
  INVITATION_USED: 'The invitation link has already been used',
  STAFF_NOT_FOUND: 'No staff member with this id',
  LAST_ADMIN: 'The last active admin cannot lose the admin role or be deactivated',
  STAFF_ACCOUNT: 'The email belongs to a staff account, which cannot be enrolled or seated as a student',
  // Admin content
  COURSE_HAS_STUDENTS: 'A course with enrolled students cannot be deleted',
  COURSE_HAS_PAYMENTS: 'A course with payments cannot be deleted',
  // Checkout
  CARD_INVALID: 'The card details are incomplete or wrong',
  CARD_DECLINED: 'The card was declined (HTTP 402)',
  PROVIDER_REFUSED: 'The payment provider refused the request',
  PROVIDER_UNAVAILABLE: 'The payment provider could not be reached',
  PAYMENT_NOT_REFUNDABLE: 'Only a payment that went through can be refunded',
  REFUND_EXCEEDS_REMAINDER: 'The refund is more than what is left of the payment after earlier refunds',
  SEATS_ASSIGNED:
    "A team order's refund would take back seats that are assigned; only unassigned seats are refunded",
  CREDIT_NOTE_NOT_FOUND: 'No such credit note, or not one the caller may see',
  CANCELLATION_PERIOD_OVER:
    'The 14 days in which a purchase can be cancelled have passed; ask for a refund instead',
  COURSE_STARTED:
    'The buyer has started the course (opened a topic or attended a live session), so cannot cancel',
  ALREADY_REFUNDED: 'Money has already gone back on this order; ask finance about the rest',
  CONSENT_REQUIRED:
    'A payment was started without express consent to immediate access in the current wording (src/shared/consent.ts)',
  // Learning
  TOPIC_LOCKED: 'The topic is not open yet (earlier topics or modules first)',
  VIDEO_NOT_WATCHED: 'The video has not been watched to the end',
  QUIZ_LOCKED: 'The quiz opens after the video has been watched',
  PROGRESS_BACKWARDS: 'Progress cannot go backwards',
  // Media
  BAD_SIGNATURE: 'The upload link is not valid',
  UPLOAD_EXPIRED: 'The upload link has expired',
  UPLOAD_USED: 'The upload link was already used',
  UPLOAD_ABORTED: 'The upload was interrupted',
  UPLOAD_MISSING: 'The file has not been uploaded yet',
  UPLOAD_INCOMPLETE: 'The file has not finished uploading',
  UNKNOWN_OBJECT: 'The file is not one uploaded through TradeSkills',
  EMPTY_FILE: 'The file is empty',
  WRONG_FILE_TYPE: 'The file was uploaded for another purpose (image, video, …)',
  OBJECT_IN_USE: 'The file is in use',
  NOT_UPLOADER: 'The file was uploaded by someone else',
  // Quizzes (attempt rules)
  QUIZ_ATTEMPTS_EXHAUSTED: 'No attempts left on this quiz until an admin resets them',
  QUIZ_COOLDOWN: 'The next attempt opens later (nextAttemptAt says when)',
  // Catalogue and mail
  COURSE_NOT_FOUND: 'No such course',
  COURSE_NOT_FOR_SALE: 'The course cannot be bought yet (inactive or no price)',
  EMAIL_NOT_FOUND: 'No such email in the outbox',
  BACKUP_FORBIDDEN: 'The backup endpoint answers only its own machine with the local token',
  // Team seats and invoices
  TEAM_MANAGER_REQUIRED: 'Only a team manager may do this',
  TEAM_ORDER_NOT_FOUND: 'No such team order, or not one the caller manages',
  ORDER_NOT_PAID: 'The order is awaiting payment; its seats open once it is paid',
  ORDER_NOT_INVOICED: 'Only invoice orders awaiting payment can be marked paid',
  NO_FREE_SEAT: 'Every seat on the order is assigned',
  SEAT_ALREADY_ASSIGNED: 'This person already has a seat on the order',
  SEAT_NOT_FOUND: 'No such seat, or not on an order the caller manages',
  SEAT_STARTED: 'The member has started the course, so the seat cannot be taken back',
  SEATS_IN_USE: 'Fewer seats than are already assigned',
  CONFIRMATION_INVALID: 'The team order confirmation link is unknown or has expired (the order was removed)',
  ORDER_ALREADY_CONFIRMED: 'The team order confirmation link was already used',
  SEAT_FOR_STAFF: 'Staff and admin accounts cannot be given a team seat',
  SEAT_NOT_ACCEPTED: 'The member has not accepted this seat yet',
  INVITATION_NOT_FOUND: 'No such invitation for the signed-in account',
  INVITATION_ANSWERED: 'The invitation was already accepted',
  ALREADY_EMPLOYER_CONTACT: 'The manager is already this apprentice’s employer contact',
  EMPLOYER_CONTACT_SET: 'The apprentice already has an employer contact (an admin changes it)',
  CONTACT_ALREADY_PROPOSED: 'The manager has already asked this apprentice',
  INVOICE_NOT_FOUND: 'No such invoice, or not one the caller may see',
  // Certificates
  CERTIFICATE_NOT_FOUND: 'No such certificate',
  NOT_YOUR_CERTIFICATE: "Another student's certificate",
  CERTIFICATE_REVOKED: 'The certificate has been revoked',
  CERTIFICATE_ALREADY_REVOKED: 'The certificate is already revoked',
  CERTIFICATE_ALREADY_REISSUED: 'The certificate has already been replaced by a reissue',
  CERTIFICATE_ALREADY_LIVE: 'The student already holds a valid certificate for the course',
  // Apprenticeships
  NO_APPRENTICESHIP: 'The student has no apprenticeship record',
  EMPLOYER_IS_ADMIN: 'A staff account (admin, tutor, instructor, finance) cannot be the employer contact',
  EMPLOYER_IS_APPRENTICE: 'The apprentice cannot be their own employer contact',
  ENTRIES_OUTSIDE_DATES: 'New dates would leave logged entries outside the apprenticeship',
  OTJ_NOT_FOUND: 'No such off-the-job entry, or not one the caller may see',
  OTJ_FUTURE_DATE: 'Off-the-job hours cannot be logged for a future date',
  OTJ_BEFORE_START: 'The date is before the apprenticeship started',
  OTJ_AFTER_END: 'The date is after the apprenticeship ends',
  OTJ_DAY_LIMIT_EXCEEDED: 'More than 24 hours on one day in total',
  OTJ_DUPLICATE: 'The same entry is already logged',
  OTJ_BAD_EVIDENCE: 'The evidence file is not one the apprentice uploaded',
  OTJ_PLATFORM_ENTRY: 'Entries the platform logged cannot be amended by hand',
  OTJ_NOT_REJECTED: 'Only a rejected entry can be amended',
  OTJ_ALREADY_DECIDED: 'The entry has already been approved or rejected',
  REVIEW_NOT_FOUND: 'No such progress review, or not one the caller may see',
  REVIEW_ALREADY_SIGNED: 'This role has already signed the review',
  REVIEW_BEFORE_START: 'The review date is before the apprenticeship started',
  REVIEW_FUTURE_DATE: 'The review date is in the future',
  // Course reviews and the waitlist
  NOT_VERIFIED_LEARNER: 'Only a learner enrolled by a payment or a team seat may review the course',
  NOT_ENOUGH_PROGRESS: 'The learner has completed less than 30% of the course',
  COURSE_REVIEW_NOT_FOUND: 'No such course review',
  REVIEW_ALREADY_REMOVED: 'The review has already been removed',
  COURSE_ALREADY_OPEN: 'The course is already open: buy it instead of joining its waitlist',
  WAITLIST_TOKEN_INVALID: 'The waitlist link is unknown or already used',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The body of every API error. */
export interface ApiErrorBody {
  message: string;
  code: string;
}
