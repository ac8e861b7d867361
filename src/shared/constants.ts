// Business constants and limits (docs/product.md#constants-and-timings, #security), shared by server and client.

export const QUERY_STALE_TIME_MS = 15 * 60 * 1000;
export const QUERY_GC_TIME_MS = 30 * 60 * 1000;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const REDIRECT_DELAY_MS = 500;
export const PAYMENT_REDIRECT_DELAY_MS = 2000;
export const SUCCESS_TICK_DELAY_MS = 2000;
export const HERO_AUTOPLAY_MS = 9000;

export const MB = 1024 * 1024;
export const UPLOAD_MAX_BYTES = 500 * MB; // 524288000
export const IMAGE_MAX_BYTES = 5 * MB; // 5242880
export const VIDEO_MAX_BYTES = 500 * MB;
export const PRESENTATION_MAX_BYTES = 100 * MB;
export const DOCUMENT_MAX_BYTES = 20 * MB;
/** A SCORM package (zip); what it may unpack to is in SCORM_LIMITS. */
export const PACKAGE_MAX_BYTES = 500 * MB;
/** A WebVTT caption file for a topic's video (README 'Accessibility'). */
export const CAPTIONS_MAX_BYTES = 1 * MB;
/** What one SCORM package may unpack to (README 'SCORM packages'): more is refused as a zip bomb. */
export const SCORM_LIMITS = {
  maxUnpackedBytes: 2048 * MB,
  maxFiles: 10_000,
  maxManifestBytes: 2 * MB,
} as const;

/** NCSC / NIST SP 800-63B: length, not composition rules (the list check is src/server/lib/password.policy.ts). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const TEMP_PASSWORD_TTL_DAYS = 7;

export const DEFAULT_COURSE_PRICE = '99.99';
export const DEFAULT_COURSE_WEEKS = 4;
export const DEFAULT_PASSING_SCORE = 80;
export const ANSWERS_PER_QUESTION = 4;

export const POPULAR_RESOURCES_LIMIT = 5;
export const PROGRESS_SUMMARY_MODULES = 3;
export const UPCOMING_SESSION_DAYS = 7;

/** The kind of account (users.role): a staff account without the admin role is 'staff'. */
export const ROLES = ['admin', 'staff', 'student'] as const;
/** Roles an admin gives staff; a person may hold several (docs/staff.md). Never derived from purchases. */
export const STAFF_ROLES = ['admin', 'tutor', 'instructor', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** How long a staff invitation link stays valid. */
export const STAFF_INVITATION_TTL_DAYS = 7;
export const COURSE_TYPES = ['fundamental', 'upskill'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];
export const PAYMENT_PLANS = ['onetime', 'monthly'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];
export const ADMIN_EXPERIENCE_LEVELS = ['entry', 'intermediate', 'senior'] as const;
export const PURCHASE_EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
/**
 * `document`: a PDF a student attaches as evidence (off-the-job learning); `package`: a SCORM zip; `captions`: a
 * WebVTT file for a topic's video; the rest are course media.
 */
export const FILE_TYPES = ['image', 'video', 'presentation', 'document', 'package', 'captions'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const SUPPORT_EMAIL = 'support@tradeskills.co.uk';

/** How much of a course (percent of its topics) a learner finishes before they may review it (docs/product.md#reviews). */
export const REVIEW_MIN_PROGRESS_PERCENT = 30;
/** An online session's join link shows from this many minutes before its start (docs/product.md#live-sessions). */
export const JOIN_OPENS_MINUTES_BEFORE = 15;
