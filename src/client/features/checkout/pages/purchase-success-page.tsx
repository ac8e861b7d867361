import { useQuery } from '@tanstack/react-query';
import {
  BookOpen,
  CircleAlert,
  CircleCheck,
  House,
  KeyRound,
  LogIn,
  type LucideIcon,
  Mail,
  ShieldCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import { SUCCESS_TICK_DELAY_MS, SUPPORT_EMAIL } from '#shared/constants.ts';
import type { PaymentSuccessResponse, PurchaseOutcome } from '#shared/schemas/checkout.ts';
import { recordPaymentSuccess } from '../api/checkout.ts';

/**
 * /purchase-success[?payment_intent=]: confirms the payment with the server (which provisions the account once),
 * then explains the emailed credentials. The email step's tick appears after 2 s (docs/product.md#checkout).
 */
export function PurchaseSuccessPage() {
  useDocumentTitle('Payment Successful');
  const [search] = useSearchParams();
  const intentId = search.get('payment_intent');
  const check = useQuery<PaymentSuccessResponse>({
    queryKey: ['payment-success', intentId],
    queryFn: () => recordPaymentSuccess(intentId!),
    enabled: Boolean(intentId),
    staleTime: Number.POSITIVE_INFINITY,
  });

  let body: React.ReactNode;
  if (intentId && check.isLoading) {
    body = (
      <div className="flex min-h-[40dvh] items-center justify-center">
        <Spinner label="Confirming your payment..." showLabel className="size-6" />
      </div>
    );
  } else if (intentId && (check.isError || (check.data && check.data.status !== 'succeeded'))) {
    const status = check.data?.status;
    const pending = status === 'pending' || status === 'requires_action';
    body = (
      <Problem
        title={pending ? 'Payment not completed' : 'Payment Failed'}
        message={
          check.isError
            ? getErrorMessage(check.error, 'Something went wrong during payment processing.')
            : (check.data?.message ??
              (pending
                ? 'We have not received your payment yet. No money has been taken.'
                : 'Your payment did not go through. No money has been taken.'))
        }
      />
    );
  } else {
    body = (
      <Success
        courseTitle={check.data?.courseTitle}
        email={check.data?.email ?? null}
        outcome={check.data?.outcome ?? 'new_account'}
      />
    );
  }
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">{body}</div>
    </PublicLayout>
  );
}

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-white p-8 text-center shadow-card">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-100 text-destructive">
        <CircleAlert aria-hidden="true" className="size-7" />
      </div>
      <h1 className="mt-4 text-2xl font-bold text-navy-950">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/fundamental-courses">Browse Courses</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/">
            <House aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Need help?{' '}
        <a className="font-medium text-navy-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
      </p>
    </div>
  );
}

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

/**
 * What each kind of purchase is told (docs/product.md#checkout): a new account gets the spec's steps (emailed
 * credentials, temporary password); an existing account is told the course was added; a team order, its seats.
 */
function successCopy(outcome: PurchaseOutcome, email: string | null, courseTitle?: string) {
  const to = email ?? 'the email you gave us';
  const course = courseTitle ?? 'The course';
  const copy: Record<
    PurchaseOutcome,
    { intro: string; steps: Step[]; portal: { href: string; label: string } }
  > = {
    new_account: {
      intro: 'Your login credentials have been emailed to you.',
      steps: [
        {
          icon: Mail,
          title: 'Check your email',
          text: email
            ? `We've sent your login details to ${email}.`
            : 'We have sent your login details to the email you gave us.',
        },
        {
          icon: KeyRound,
          title: 'Your account is ready',
          text: 'Your student account has been created with a temporary password.',
        },
        {
          icon: ShieldCheck,
          title: 'Change your password',
          text: 'Sign in and choose your own password after your first login.',
        },
      ],
      portal: { href: '/api/login', label: 'Go to Student Portal' },
    },
    existing_account: {
      intro: 'The course has been added to your account. Your receipt has been emailed to you.',
      steps: [
        { icon: Mail, title: 'Check your email', text: `We've sent your receipt to ${to}.` },
        {
          icon: BookOpen,
          title: 'Your course is ready',
          text: `${course} is now in your existing TradeSkills account.`,
        },
        {
          icon: LogIn,
          title: 'Sign in as usual',
          text: 'Use your existing email and password. Your receipt is also under Billing on your account page.',
        },
      ],
      portal: { href: '/api/login', label: 'Go to Student Portal' },
    },
    team_order: {
      intro: "Your team's seats are ready. Your receipt has been emailed to you.",
      steps: [
        {
          icon: Mail,
          title: 'Check your email',
          text: `We've sent your receipt to ${to}. If you are new to TradeSkills, your login details are there too.`,
        },
        {
          icon: Users,
          title: 'Your seats are ready',
          text: 'You manage this order: no seat is taken until you give it to someone.',
        },
        {
          icon: UserPlus,
          title: 'Assign your seats',
          text: 'Sign in and open My team to give each seat to a member of your team.',
        },
      ],
      portal: { href: '/team', label: 'Go to My Team' },
    },
  };
  return copy[outcome];
}

function Success({
  courseTitle,
  email,
  outcome,
}: {
  courseTitle?: string;
  email: string | null;
  outcome: PurchaseOutcome;
}) {
  const [ticked, setTicked] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTicked(true), SUCCESS_TICK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const copy = successCopy(outcome, email, courseTitle);
  // The email step ticks after 2 s; the second step is done already; the last is for the buyer to do.
  const steps = copy.steps.map((step, i) => ({ ...step, tick: i === 0 ? ticked : i === 1 }));
  return (
    <div className="rounded-2xl border border-border bg-white p-6 text-center shadow-card sm:p-10">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-success">
        <CircleCheck aria-hidden="true" className="size-9" />
      </div>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-navy-950">Payment Successful!</h1>
      <p className="mt-3 text-muted-foreground">
        {courseTitle ? (
          <>
            Welcome to <span className="font-semibold text-navy-900">{courseTitle}</span>.{' '}
          </>
        ) : null}
        {copy.intro}
      </p>
      <ol className="mt-8 grid gap-3 text-left">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-4 rounded-xl border border-border p-4">
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full transition-colors',
                step.tick ? 'bg-green-100 text-success' : 'bg-navy-50 text-navy-700',
              )}
            >
              {step.tick ? (
                <CircleCheck
                  aria-label="Done"
                  className="size-5"
                  data-testid={i === 0 ? 'email-tick' : undefined}
                />
              ) : (
                <step.icon aria-hidden="true" className="size-5" />
              )}
            </span>
            <span>
              <span className="block font-semibold text-navy-950">
                {i + 1}. {step.title}
              </span>
              <span className="block text-sm text-muted-foreground">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg" variant="accent">
          <a href={copy.portal.href}>
            <LogIn aria-hidden="true" />
            {copy.portal.label}
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/">
            <House aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Didn't get the email? Check your spam folder or contact{' '}
        <a className="font-medium text-navy-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
      </p>
    </div>
  );
}
