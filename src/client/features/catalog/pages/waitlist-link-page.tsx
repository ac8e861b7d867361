import { BellOff, BellRing, CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useWaitlistLink } from '../api/waitlist.ts';

const TEXT = {
  confirm: {
    title: 'Waitlist confirmation',
    done: (course: string) => `You're on the list for ${course}`,
    detail: 'We will email you once, when the course opens for enrolment.',
    icon: BellRing,
  },
  unsubscribe: {
    title: 'Unsubscribe',
    done: (course: string) => `You're unsubscribed from ${course}`,
    detail: 'We will not email you about this course again.',
    icon: BellOff,
  },
} as const;

/**
 * The emailed links /waitlist/confirm?token= and /waitlist/unsubscribe?token= (docs/product.md#waitlist): the page
 * posts the token once when it opens (a link scanner that fetches the address without running the page does not).
 */
function WaitlistLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const text = TEXT[action];
  useDocumentTitle(text.title);
  const link = useWaitlistLink(action);
  const { mutate } = link;
  // Once per page, even when React runs the effect twice (a confirmation token works once).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(new URLSearchParams(window.location.search).get('token') ?? '');
  }, [mutate]);
  const Icon = link.isError ? CircleAlert : text.icon;
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
        {link.isPending || link.isIdle ? (
          <Spinner label="One moment..." showLabel />
        ) : (
          <>
            <span className="flex size-14 items-center justify-center rounded-full bg-safety-100 text-safety-700">
              <Icon aria-hidden="true" className="size-7" />
            </span>
            <h1 className="mt-4 text-2xl font-bold text-navy-950">
              {link.isSuccess ? text.done(link.data.courseTitle) : 'This link did not work'}
            </h1>
            <p className="mt-2 text-muted-foreground">
              {link.isSuccess
                ? text.detail
                : getErrorMessage(link.error, 'Please try again, or sign up again from the course page.')}
            </p>
            <Button asChild className="mt-6">
              <Link href="/">Back to TradeSkills</Link>
            </Button>
          </>
        )}
      </section>
    </PublicLayout>
  );
}

export const WaitlistConfirmPage = () => <WaitlistLinkPage action="confirm" />;
export const WaitlistUnsubscribePage = () => <WaitlistLinkPage action="unsubscribe" />;
