import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { type CardField, INVALID_EMAIL, validateCard } from '#shared/schemas/checkout.ts';
import { confirmTestPayment, confirmTestSetup } from '../api/checkout.ts';
import type { PaymentFormProps } from './payment-form-props.ts';
import { usePaymentOutcome } from './use-payment-outcome.ts';

const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

function formatExpiry(value: string, previous: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2)
    return digits.length === 2 && value.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

type Errors = Partial<Record<CardField | 'email', string>>;

/** The built-in test provider's card form: our own fields, validated like Stripe's, never stored. */
export function TestCardForm({
  clientSecret,
  needsEmail,
  defaultName,
  payLabel,
  onPaid,
  paidMessage,
  onSaved,
}: PaymentFormProps) {
  const id = useId();
  const [, navigate] = useLocation();
  const outcome = usePaymentOutcome(onPaid, paidMessage);
  const [values, setValues] = useState({
    number: '',
    expiry: '',
    cvc: '',
    name: defaultName ?? '',
    email: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = submitting || outcome.redirecting;

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field as keyof Errors]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Errors = validateCard(values);
    if (needsEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = INVALID_EMAIL;
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    const card = { number: values.number, expiry: values.expiry, cvc: values.cvc, name: values.name };
    if (onSaved) {
      // Saving a plan's new card: no payment, so no payment toasts; the page says what happened.
      try {
        const saved = await confirmTestSetup(clientSecret, card);
        onSaved(saved.setupId);
      } catch (error) {
        setFormError(getErrorMessage(error, 'Your card could not be saved. Please try again.'));
      }
      setSubmitting(false);
      return;
    }
    try {
      const result = await confirmTestPayment(
        clientSecret,
        card,
        needsEmail ? values.email.trim() : undefined,
      );
      if (result.status === 'requires_action' && result.redirectUrl) {
        navigate(result.redirectUrl);
        return;
      }
      await outcome.succeeded(result.paymentIntentId);
    } catch (error) {
      setFormError(outcome.errored(error));
      setSubmitting(false);
    }
  }

  const field = (name: keyof Errors) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Card payment">
      <div className="flex gap-3 rounded-lg border border-dashed border-safety-300 bg-safety-50 p-3 text-sm text-navy-900">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-safety-700" />
        <p>
          Test mode: no real money moves. Use{' '}
          <span className="font-mono font-semibold">4242 4242 4242 4242</span>, any future date and any CVC.{' '}
          <span className="font-mono">4000 0000 0000 0002</span> is declined,{' '}
          <span className="font-mono">4000 0027 6000 3184</span> asks for 3-D Secure,{' '}
          <span className="font-mono">4000 0000 0000 0341</span> pays now and declines later instalments.
        </p>
      </div>
      {needsEmail ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email (your login details are sent here)</Label>
          <Input
            {...field('email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
          <FieldError id={`${id}-email-error`}>{errors.email}</FieldError>
        </div>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <div className="relative">
          <Input
            {...field('number')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={values.number}
            onChange={(e) => set('number')(groupCardNumber(e.target.value))}
            className="pr-10 font-mono"
          />
          <CreditCard
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
        </div>
        <FieldError id={`${id}-number-error`}>{errors.number}</FieldError>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</Label>
          <Input
            {...field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={values.expiry}
            onChange={(e) => set('expiry')(formatExpiry(e.target.value, values.expiry))}
            className="font-mono"
          />
          <FieldError id={`${id}-expiry-error`}>{errors.expiry}</FieldError>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            {...field('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(e) => set('cvc')(e.target.value.replace(/\D/g, ''))}
            className="font-mono"
          />
          <FieldError id={`${id}-cvc-error`}>{errors.cvc}</FieldError>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name on card</Label>
        <Input
          {...field('name')}
          autoComplete="cc-name"
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
        />
        <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
      </div>
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" variant="accent" disabled={busy} className="w-full">
        {busy ? (
          <>
            <Spinner label="Processing..." className="size-4 text-navy-950" />
            {outcome.redirecting ? 'Payment Successful! Redirecting...' : 'Processing...'}
          </>
        ) : (
          <>
            <Lock aria-hidden="true" />
            {payLabel}
          </>
        )}
      </Button>
    </form>
  );
}
