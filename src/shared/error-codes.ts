// Every `code` an API error body can carry ({ message, code }), with what it means. Clients branch on the code,
// never on the message (messages are for people and may be reworded). Add a line here for every new code.
export const ERROR_CODES = {
  // Generic (the defaults of the factories in src/server/lib/errors.ts and the error handler)
  BAD_REQUEST: 'The request is wrong in a way the message explains',
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
  RESET_TOKEN_INVALID: 'The password reset link is unknown, used or expired',
  SESSION_NOT_FOUND: 'No such signed-in device for this user',
  // Admin content
  COURSE_HAS_STUDENTS: 'A course with enrolled students cannot be deleted',
  COURSE_HAS_PAYMENTS: 'A course with payments cannot be deleted',
  // Checkout
  CARD_INVALID: 'The card details are incomplete or wrong',
  CARD_DECLINED: 'The card was declined (HTTP 402)',
  PROVIDER_REFUSED: 'The payment provider refused the request',
  PROVIDER_UNAVAILABLE: 'The payment provider could not be reached',
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
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The body of every API error. */
export interface ApiErrorBody {
  message: string;
  code: string;
}
