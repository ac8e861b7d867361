import { REDIRECT_DELAY_MS } from '#shared/constants.ts';
import { getErrorStatus, isErrorCode } from './api-client.ts';
import { hardNavigate } from './navigation.ts';
import { toast } from './toast.ts';

export const LOGIN_REDIRECT_URL = '/api/login';

/** docs/product.md#errors-and-messages: a 401 whose message mentions 'Unauthorized' means the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return (
    getErrorStatus(error) === 401 &&
    isErrorCode(error, 'UNAUTHORIZED', (message) => /^401: .*Unauthorized/s.test(message))
  );
}

const PASSWORD_CHANGE_REQUIRED = 'You must change your password before continuing.';

/** The server refuses everything else until a temporary password is replaced (docs/product.md#accounts). */
export function isPasswordChangeRequiredError(error: unknown): boolean {
  return (
    getErrorStatus(error) === 403 &&
    isErrorCode(error, 'PASSWORD_CHANGE_REQUIRED', (message) => message.includes(PASSWORD_CHANGE_REQUIRED))
  );
}

let redirectPending = false;

/**
 * Tells the user they were signed out and sends them to sign in again. Several queries usually fail
 * together when a session expires, so only the first one schedules the redirect.
 */
export function handleUnauthorized(): void {
  if (redirectPending) return;
  redirectPending = true;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => hardNavigate(LOGIN_REDIRECT_URL), REDIRECT_DELAY_MS);
}

/** For tests. */
export function resetUnauthorizedState(): void {
  redirectPending = false;
}
