import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, House, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorCode, getErrorMessage } from '#client/lib/api-client.ts';
import { failureToast } from '#client/lib/error-toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { consentGiven } from '#shared/consent.ts';
import type { PaymentPlan } from '#shared/constants.ts';
import { formatPrice } from '#shared/format.ts';
import type { Course } from '#shared/schemas/catalog.ts';
import type { PaymentIntentResponse, StudentData } from '#shared/schemas/checkout.ts';
import { checkDiscountCode, createCoursePayment } from '../api/checkout.ts';
import { BackToCourse } from '../components/back-to-course.tsx';
import { type BuyerDetails, BuyerDetailsForm, EMPTY_DETAILS } from '../components/buyer-details-form.tsx';
import { ConsentBox, consentError } from '../components/consent-box.tsx';
import { CourseSummary } from '../components/course-summary.tsx';
import { type AppliedCode, DiscountCodeField } from '../components/discount-code-field.tsx';
import { PaymentForm } from '../components/payment-form.tsx';
import { StepIndicator } from '../components/step-indicator.tsx';

export function PurchasePage() {
  const { courseId } = useParams<{ courseId: string }>();
  const [search] = useSearchParams();
  const plan: PaymentPlan = search.get('plan') === 'monthly' ? 'monthly' : 'onetime';
  const { data, isLoading } = useQuery<Course[]>({ queryKey: ['/api/courses/available'] });
  const course = data?.find((c) => c.id === courseId);
  useDocumentTitle(course ? `Enrol: ${course.title}` : 'Enrol');
  return (
    <PublicLayout>
      {isLoading ? (
        <div className="flex min-h-[50dvh] items-center justify-center">
          <Spinner label="Loading course..." showLabel className="size-6" />
        </div>
      ) : course?.isActive ? (
        <Purchase course={course} plan={course.instalments > 1 ? plan : 'onetime'} />
      ) : (
        <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
          <h1 className="text-2xl font-bold text-navy-950">Course Not Found</h1>
          <p className="mt-2 text-muted-foreground">The course you're looking for doesn't exist.</p>
          <Button asChild className="mt-6">
            <Link href="/">
              <House aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </section>
      )}
    </PublicLayout>
  );
}

function Purchase({ course, plan }: { course: Course; plan: PaymentPlan }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [details, setDetails] = useState<BuyerDetails>(EMPTY_DETAILS);
  const [buyer, setBuyer] = useState<StudentData | null>(null);
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const [creating, setCreating] = useState(false);
  const [consented, setConsented] = useState(false);
  const [consentMessage, setConsentMessage] = useState<string | null>(null);
  const [code, setCode] = useState<(AppliedCode & { chargePence: number }) | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // Each step's heading takes focus when the step changes, so keyboard and screen-reader users carry on from
  // there instead of from a button that has gone (README 'Accessibility').
  const moved = useRef(false);
  const goTo = (next: 1 | 2) => {
    moved.current = true;
    setStep(next);
  };
  const stepHeading = (heading: HTMLHeadingElement | null) => {
    if (!heading || !moved.current) return;
    moved.current = false;
    heading.focus();
  };

  async function continueToPayment(data: StudentData, raw: BuyerDetails) {
    setDetails(raw);
    setCreating(true);
    try {
      // Changed details or code mean a new intent: the receipt email and the account belong to the buyer.
      const same =
        buyer &&
        intent &&
        JSON.stringify(buyer) === JSON.stringify(data) &&
        intent.discount?.code === code?.code;
      if (!same)
        setIntent(
          await createCoursePayment(
            course.id,
            data,
            plan,
            consented ? consentGiven() : undefined,
            code?.code,
          ),
        );
      setBuyer(data);
      goTo(2);
    } catch (error) {
      const message = consentError(error);
      if (message) setConsentMessage(message);
      // The server prices the code again when the payment starts: it may have been used up meanwhile.
      else if (getErrorCode(error)?.startsWith('DISCOUNT_CODE')) {
        setCode(null);
        setCodeError(getErrorMessage(error, 'That discount code cannot be used.'));
      } else failureToast('Payment Setup Failed', error, 'Failed to initialize payment');
    } finally {
      setCreating(false);
    }
  }

  async function applyCode(text: string) {
    const quote = await checkDiscountCode(text, course.id, plan);
    setCodeError(null);
    setCode({ code: quote.code, amountOffPence: quote.amountOffPence, chargePence: quote.chargePence });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BackToCourse course={course} />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">
        Enrol on {course.title}
      </h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_400px]">
        <section className="order-2 self-start rounded-2xl border border-border bg-white p-5 shadow-card sm:p-8 lg:order-1">
          <StepIndicator step={step} />
          {step === 1 ? (
            <>
              <h2
                ref={stepHeading}
                tabIndex={-1}
                className="mt-6 text-xl font-bold text-navy-950 outline-none"
              >
                Your details
              </h2>
              <p className="mt-1 mb-6 text-sm text-muted-foreground">
                We create your student account with these details and email your login to this address.
              </p>
              <BuyerDetailsForm
                courseType={course.courseType}
                initial={details}
                busy={creating}
                onSubmit={(data, raw) => void continueToPayment(data, raw)}
              >
                <ConsentBox
                  checked={consented}
                  error={consentMessage}
                  onChange={(value) => {
                    setConsented(value);
                    setConsentMessage(null);
                  }}
                />
              </BuyerDetailsForm>
            </>
          ) : intent && buyer ? (
            <>
              <div className="mt-6 flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2
                    ref={stepHeading}
                    tabIndex={-1}
                    className="text-xl font-bold text-navy-950 outline-none"
                  >
                    Card payment
                  </h2>
                  <p className="mt-1 text-sm text-muted-foreground">
                    {plan === 'monthly' ? 'First monthly payment today: ' : 'Total: '}
                    <span className="font-semibold text-navy-950">{formatPrice(intent.amount)}</span>
                    {intent.discount ? (
                      <>
                        {' '}
                        (code {intent.discount.code}: −{formatPrice(intent.discount.amountOff)})
                      </>
                    ) : null}{' '}
                    · login details go to {buyer.email}
                  </p>
                </div>
                <Button variant="outline" onClick={() => goTo(1)}>
                  <ArrowLeft aria-hidden="true" />
                  Back to Course Details
                </Button>
              </div>
              <div className="mt-6">
                <PaymentForm
                  clientSecret={intent.clientSecret}
                  needsEmail={false}
                  receiptEmail={buyer.email}
                  defaultName={`${buyer.firstName} ${buyer.lastName}`}
                  payLabel={`Pay ${formatPrice(intent.amount)}`}
                />
              </div>
              <p className="mt-5 flex items-center gap-2 text-xs text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="size-4 text-success" />
                Payments are encrypted. We never store your card number.
              </p>
            </>
          ) : null}
        </section>
        <div className="order-1 flex flex-col gap-4 lg:order-2">
          <CourseSummary course={course} plan={plan} />
          {step === 1 ? (
            <div className="rounded-2xl border border-border bg-white p-5 shadow-card">
              <DiscountCodeField
                applied={code}
                error={codeError}
                onApply={applyCode}
                onRemove={() => setCode(null)}
              />
              {code ? (
                <p
                  className="mt-3 flex items-baseline justify-between text-sm"
                  data-testid="discounted-total"
                >
                  <span className="text-muted-foreground">
                    {plan === 'monthly' ? 'Each monthly payment' : 'You pay'}
                  </span>
                  <span className="text-lg font-extrabold text-navy-950">
                    {formatPrice(code.chargePence, 'pence')}
                  </span>
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
