import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowRight, CreditCard, FileText, Users } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorCode, getErrorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { formatPrice } from '#shared/format.ts';
import {
  type CreateTeamOrder,
  type CreateTeamOrderInput,
  createTeamOrderSchema,
  TEAM_SEATS_MAX,
  TEAM_SEATS_MIN,
  teamOrderPrice,
} from '#shared/schemas/teams.ts';
import { quoteTeamOrder } from '../api/checkout.ts';
import { type AppliedCode, DiscountCodeField } from './discount-code-field.tsx';

type FieldName =
  | 'seats'
  | `company.${keyof CreateTeamOrderInput['company']}`
  | `buyer.${keyof CreateTeamOrderInput['buyer']}`;

interface FieldSpec {
  name: FieldName;
  label: string;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
}

const COMPANY: FieldSpec[] = [
  { name: 'company.name', label: 'Company name', autoComplete: 'organization' },
  { name: 'company.addressLine1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'company.city', label: 'Town or city', autoComplete: 'address-level2' },
  { name: 'company.postcode', label: 'Postcode', autoComplete: 'postal-code' },
  { name: 'company.vatNumber', label: 'VAT number', optional: true },
  { name: 'company.poNumber', label: 'Purchase order number', optional: true },
];
const BUYER: FieldSpec[] = [
  { name: 'buyer.firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'buyer.lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'buyer.email', label: 'Work email', type: 'email', autoComplete: 'email' },
  { name: 'buyer.phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'buyer.jobTitle', label: 'Job title', autoComplete: 'organization-title' },
];

/** The team purchase form: the shared schema validates here and on the server; errors show under each field. */
export function TeamOrderForm({
  courseId,
  unitPricePence,
  vatRate,
  vatRegistered,
  busy,
  onSubmit,
  children,
}: {
  /** Shown above the button (the consent box). */
  children?: ReactNode;
  courseId: string;
  unitPricePence: number;
  /** 0 when the supplier is not VAT registered (the server charges no VAT then). */
  vatRate: number;
  vatRegistered: boolean;
  busy: boolean;
  onSubmit: (order: CreateTeamOrder) => void;
}) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CreateTeamOrderInput, unknown, CreateTeamOrder>({
    resolver: zodResolver(createTeamOrderSchema),
    defaultValues: {
      courseId,
      seats: 5,
      payBy: 'card',
      company: { name: '', addressLine1: '', city: '', postcode: '', vatNumber: '', poNumber: '' },
      buyer: { firstName: '', lastName: '', email: '', phoneNumber: '', jobTitle: '' },
    },
  });
  const seats = Number(useWatch({ control, name: 'seats' })) || 0;
  const payBy = useWatch({ control, name: 'payBy' });
  const valid = seats >= TEAM_SEATS_MIN && seats <= TEAM_SEATS_MAX;
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // The server prices the order (seat tier, code, VAT: docs/product.md#discount-codes-and-team-prices); until it
  // answers, the plain seats × price is shown.
  const quote = useQuery({
    queryKey: ['team-quote', courseId, valid ? seats : 0, code?.code ?? null],
    queryFn: () => quoteTeamOrder(courseId, seats, code?.code),
    enabled: valid,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refused = code && quote.isError && getErrorCode(quote.error)?.startsWith('DISCOUNT_CODE');
  useEffect(() => {
    if (!refused) return;
    setCodeError(getErrorMessage(quote.error, 'That discount code cannot be used.'));
    setCode(null);
  }, [refused, quote.error]);
  const plain = teamOrderPrice(valid ? seats : 0, unitPricePence, vatRate);
  const priced = valid && quote.data?.seats === seats && !quote.isError ? quote.data : null;
  const price = priced ?? {
    ...plain,
    listAmountPence: plain.amountPence,
    tier: null,
    discount: null,
    tiers: [],
  };
  const tiers = quote.data?.tiers ?? [];

  async function applyCode(text: string) {
    const answer = await quoteTeamOrder(courseId, valid ? seats : TEAM_SEATS_MIN, text);
    setCodeError(null);
    setCode({ code: answer.discount?.code ?? text, amountOffPence: answer.discount?.offPence ?? 0 });
  }

  const errorOf = (name: FieldName): string | undefined => {
    const [group, key] = name.split('.') as [string, string | undefined];
    const node = (errors as Record<string, unknown>)[group] as
      | Record<string, { message?: string }>
      | undefined;
    return key ? node?.[key]?.message : (node as { message?: string } | undefined)?.message;
  };

  const field = (spec: FieldSpec) => {
    const id = spec.name.replace('.', '-');
    const error = errorOf(spec.name);
    return (
      <div key={spec.name} className="flex flex-col gap-2">
        <Label htmlFor={id}>
          {spec.label}
          {spec.optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
        </Label>
        <Input
          id={id}
          type={spec.type ?? 'text'}
          autoComplete={spec.autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(spec.name)}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    );
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit((order) => onSubmit({ ...order, discountCode: code?.code }))}
      className="flex flex-col gap-8"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-lg font-bold text-navy-950">Seats</legend>
        <Label htmlFor="seats">
          Number of seats ({TEAM_SEATS_MIN}–{TEAM_SEATS_MAX})
        </Label>
        <Input
          id="seats"
          type="number"
          inputMode="numeric"
          min={TEAM_SEATS_MIN}
          max={TEAM_SEATS_MAX}
          className="max-w-40"
          aria-invalid={errors.seats ? true : undefined}
          aria-describedby={errors.seats ? 'seats-error' : undefined}
          {...register('seats')}
        />
        <FieldError id="seats-error">{errors.seats?.message}</FieldError>
        {tiers.length ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="seat-tiers">
            <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-safety-600" />
            <span>
              Team prices: {tiers.map((t) => `${t.minSeats}+ seats ${t.percentOff}% off`).join(' · ')}
            </span>
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-lg font-bold text-navy-950">Company</legend>
        {COMPANY.map(field)}
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-1 text-lg font-bold text-navy-950">Your details</legend>
        <p className="-mt-3 mb-1 text-sm text-muted-foreground sm:col-span-2">
          You become the team manager: we email your sign-in details to this address.
        </p>
        {BUYER.map(field)}
      </fieldset>

      <section
        aria-labelledby="price-heading"
        className="rounded-xl border border-border bg-muted/40 p-4 sm:p-5"
      >
        <h2 id="price-heading" className="text-lg font-bold text-navy-950">
          Price summary
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">
            {valid ? seats : '–'} seats × {formatPrice(unitPricePence, 'pence')}
          </dt>
          <dd className="text-right">{formatPrice(price.listAmountPence, 'pence')}</dd>
          {price.tier ? (
            <>
              <dt className="text-muted-foreground">
                Team price: {price.tier.percentOff}% off {price.tier.minSeats}+ seats
              </dt>
              <dd className="text-right text-success" data-testid="tier-off">
                −{formatPrice(price.tier.offPence, 'pence')}
              </dd>
            </>
          ) : null}
          {price.discount ? (
            <>
              <dt className="text-muted-foreground">Code {price.discount.code}</dt>
              <dd className="text-right text-success">−{formatPrice(price.discount.offPence, 'pence')}</dd>
            </>
          ) : null}
          {vatRegistered ? (
            <>
              <dt className="text-muted-foreground">Net (excl. VAT)</dt>
              <dd className="text-right">{formatPrice(price.netPence, 'pence')}</dd>
              <dt className="text-muted-foreground">VAT at {vatRate}%</dt>
              <dd className="text-right">{formatPrice(price.vatPence, 'pence')}</dd>
            </>
          ) : (
            <dd className="col-span-2 text-muted-foreground" data-testid="no-vat">
              No VAT is charged: we are not registered for VAT.
            </dd>
          )}
          <dt className="border-t border-border pt-2 font-semibold text-navy-950">
            {vatRegistered ? 'Total (VAT included)' : 'Total'}
          </dt>
          <dd
            className="border-t border-border pt-2 text-right text-lg font-extrabold text-navy-950"
            data-testid="team-total"
          >
            {formatPrice(price.amountPence, 'pence')}
          </dd>
        </dl>
        <DiscountCodeField
          className="mt-4 border-t border-border pt-4"
          applied={
            code && price.discount ? { code: code.code, amountOffPence: price.discount.offPence } : code
          }
          error={codeError}
          onApply={applyCode}
          onRemove={() => setCode(null)}
        />
      </section>

      <fieldset>
        <legend className="mb-3 text-lg font-bold text-navy-950">How would you like to pay?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              {
                value: 'card',
                label: 'Pay by card',
                hint: 'Seats are ready as soon as the payment goes through.',
                Icon: CreditCard,
              },
              {
                value: 'invoice',
                label: 'Pay by invoice',
                hint: '30 days to pay by bank transfer; seats open once paid.',
                Icon: FileText,
              },
            ] as const
          ).map(({ value, label, hint, Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border-2 p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                payBy === value
                  ? 'border-safety-500 bg-safety-50'
                  : 'border-border bg-white hover:border-navy-300',
              )}
            >
              <input type="radio" value={value} className="sr-only" {...register('payBy')} />
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-navy-700" />
              <span>
                <span className="block font-semibold text-navy-950">{label}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {children}

      <Button
        type="submit"
        size="lg"
        variant="accent"
        disabled={busy}
        className="w-full sm:w-auto sm:self-end"
      >
        {busy ? <Spinner label="Placing order..." /> : null}
        {payBy === 'invoice' ? 'Place order and get invoice' : 'Continue to payment'}
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
