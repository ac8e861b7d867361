import { useMutation } from '@tanstack/react-query';
import { BellOff, CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { unsubscribeWithToken } from '#client/components/notifications/notifications-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

/**
 * /unsubscribe?token= (the link in notification emails, docs/product.md#notifications): no sign-in; the page posts
 * the token once when it opens (a link scanner that fetches the address without running the page does not).
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const link = useMutation({ mutationFn: unsubscribeWithToken });
  const { mutate } = link;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(new URLSearchParams(window.location.search).get('token') ?? '');
  }, [mutate]);
  const Icon = link.isError ? CircleAlert : BellOff;
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
              {link.isSuccess ? "You're unsubscribed" : 'This link did not work'}
            </h1>
            <p className="mt-2 text-muted-foreground">
              {link.isSuccess
                ? `We will not email you about '${link.data.label}' again. You can switch it back on from your account page.`
                : getErrorMessage(link.error, 'Change your email settings from your account page instead.')}
            </p>
            <Button asChild className="mt-6">
              <Link href="/account">Email settings</Link>
            </Button>
          </>
        )}
      </section>
    </PublicLayout>
  );
}
