import { useQueryClient } from '@tanstack/react-query';
import { BadgePercent, Ban, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { PaymentPlan } from '#shared/constants.ts';
import { decimalToPence, formatDate, formatPrice } from '#shared/format.ts';
import { type AdminDiscountCode, createDiscountCodeSchema } from '#shared/schemas/discounts.ts';
import { errorToast, successToast, useCourses } from '../api/admin-api.ts';
import { discountKeys, discountsApi, useDiscountCodes } from '../api/discounts-api.ts';
import { SeatTiersCard } from './seat-tiers-card.tsx';

// Discount codes and team prices (docs/product.md#discount-codes-and-team-prices): finance and admins create codes
// and switch them off; the server prices every payment with them.

const EMPTY = {
  code: '',
  kind: 'percent' as 'percent' | 'amount',
  value: '',
  courseId: '',
  onetime: true,
  monthly: true,
  startsAt: '',
  endsAt: '',
  maxRedemptions: '',
  perCustomer: '',
};

function offText(code: Pick<AdminDiscountCode, 'kind' | 'value'>) {
  return code.kind === 'percent' ? `${code.value}% off` : `${formatPrice(code.value, 'pence')} off`;
}

function statusOf(code: AdminDiscountCode): { label: string; variant: 'secondary' | 'outline' | 'default' } {
  const now = Date.now();
  if (code.disabledAt) return { label: 'Disabled', variant: 'secondary' };
  if (code.endsAt && Date.parse(code.endsAt) <= now) return { label: 'Ended', variant: 'secondary' };
  if (code.startsAt && Date.parse(code.startsAt) > now) return { label: 'Scheduled', variant: 'outline' };
  if (code.maxRedemptions !== null && code.used >= code.maxRedemptions)
    return { label: 'Used up', variant: 'secondary' };
  return { label: 'Active', variant: 'default' };
}

function CreateCodeForm() {
  const client = useQueryClient();
  const { data: courses } = useCourses();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const plans: PaymentPlan[] = [
      ...(form.onetime ? ['onetime' as const] : []),
      ...(form.monthly ? ['monthly' as const] : []),
    ];
    const value = form.kind === 'amount' ? (decimalToPence(form.value) ?? Number.NaN) : Number(form.value);
    const input = {
      code: form.code,
      kind: form.kind,
      value,
      courseIds: form.courseId ? [form.courseId] : null,
      plans,
      startsAt: form.startsAt || null,
      endsAt: form.endsAt || null,
      maxRedemptions: form.maxRedemptions ? Number(form.maxRedemptions) : null,
      perCustomer: form.perCustomer ? Number(form.perCustomer) : null,
    };
    const parsed = createDiscountCodeSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await discountsApi.createCode(input);
      successToast(`Code ${form.code.trim()} created`);
      setForm(EMPTY);
      void client.invalidateQueries({ queryKey: discountKeys.codes });
    } catch (error) {
      errorToast('Could not create the code', error);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof EMPTY, label: string, props: Record<string, unknown> = {}) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`dc-${name}`}>{label}</Label>
      <Input
        id={`dc-${name}`}
        value={String(form[name])}
        onChange={(e) => set({ [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `dc-${name}-error` : undefined}
        {...props}
      />
      <FieldError id={`dc-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {field('code', 'Code', {
        autoCapitalize: 'characters',
        placeholder: 'SPRING20',
        className: 'uppercase',
      })}
      <div className="flex flex-col gap-2">
        <Label htmlFor="dc-kind">Discount</Label>
        <Select
          id="dc-kind"
          value={form.kind}
          onChange={(e) => set({ kind: e.target.value as 'percent' | 'amount' })}
        >
          <option value="percent">Percentage off</option>
          <option value="amount">Amount off (£)</option>
        </Select>
      </div>
      {field('value', form.kind === 'percent' ? 'Percent (1–100)' : 'Amount (£)', { inputMode: 'decimal' })}
      <div className="flex flex-col gap-2">
        <Label htmlFor="dc-course">Courses</Label>
        <Select id="dc-course" value={form.courseId} onChange={(e) => set({ courseId: e.target.value })}>
          <option value="">All courses</option>
          {courses?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      </div>
      {field('startsAt', 'Starts (optional)', { type: 'date' })}
      {field('endsAt', 'Ends (optional)', { type: 'date' })}
      {field('maxRedemptions', 'Total uses (optional)', { inputMode: 'numeric', placeholder: 'No limit' })}
      {field('perCustomer', 'Uses per customer (optional)', {
        inputMode: 'numeric',
        placeholder: 'No limit',
      })}
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">Plans</legend>
        <div className="flex flex-wrap gap-5">
          {(['onetime', 'monthly'] as const).map((plan) => (
            <span key={plan} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={`dc-plan-${plan}`}
                checked={form[plan]}
                onCheckedChange={(v) => set({ [plan]: v === true })}
              />
              <Label htmlFor={`dc-plan-${plan}`} className="font-normal">
                {plan === 'onetime' ? 'One-time payment (and team orders)' : 'Monthly plan'}
              </Label>
            </span>
          ))}
        </div>
        <FieldError>{errors.plans}</FieldError>
      </fieldset>
      <div className="flex items-end sm:col-span-2 sm:justify-end">
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? <Spinner label="Creating..." /> : <Plus aria-hidden="true" />}
          Create code
        </Button>
      </div>
    </form>
  );
}

function CodesTable() {
  const client = useQueryClient();
  const { data, isLoading } = useDiscountCodes();
  async function disable(code: AdminDiscountCode) {
    try {
      await discountsApi.disableCode(code.id);
      successToast(`Code ${code.code} disabled`);
      void client.invalidateQueries({ queryKey: discountKeys.codes });
    } catch (error) {
      errorToast('Could not disable the code', error);
    }
  }
  if (isLoading) return <Spinner label="Loading codes..." showLabel className="mt-4" />;
  if (!data?.items.length)
    return <p className="mt-3 text-sm text-muted-foreground">No discount codes yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th className="py-2 font-medium">Code</th>
            <th className="py-2 font-medium">Discount</th>
            <th className="py-2 font-medium">Applies to</th>
            <th className="py-2 font-medium">Dates</th>
            <th className="py-2 text-right font-medium">Used</th>
            <th className="py-2 font-medium">Status</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {data.items.map((code) => {
            const status = statusOf(code);
            return (
              <tr key={code.id}>
                <td className="py-2 font-mono font-semibold text-navy-950">{code.code}</td>
                <td className="py-2">{offText(code)}</td>
                <td className="py-2">
                  {code.courses ? code.courses.map((c) => c.title).join(', ') : 'All courses'}
                  <span className="block text-xs text-muted-foreground">
                    {code.plans.length === 2
                      ? 'Both plans'
                      : code.plans[0] === 'monthly'
                        ? 'Monthly plan'
                        : 'One-time'}
                    {code.perCustomer ? ` · ${code.perCustomer} per customer` : ''}
                  </span>
                </td>
                <td className="py-2 text-xs">
                  {code.startsAt ? formatDate(code.startsAt) : 'Now'} –{' '}
                  {code.endsAt ? formatDate(code.endsAt) : 'no end'}
                </td>
                <td className="py-2 text-right tabular-nums">
                  {code.used}
                  {code.maxRedemptions !== null ? ` / ${code.maxRedemptions}` : ''}
                </td>
                <td className="py-2">
                  <Badge variant={status.variant}>{status.label}</Badge>
                </td>
                <td className="py-2 text-right">
                  {code.disabledAt ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void disable(code)}
                      aria-label={`Disable ${code.code}`}
                    >
                      <Ban aria-hidden="true" />
                      Disable
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The console's Discounts tab: codes (create, list, disable) and each course's team price tiers. */
export function DiscountsTab() {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="codes-heading"
        className="rounded-xl border border-border bg-white p-5 shadow-card"
      >
        <h2 id="codes-heading" className="flex items-center gap-2 text-lg font-bold text-navy-950">
          <BadgePercent aria-hidden="true" className="size-5 text-safety-600" />
          Discount codes
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">
          Buyers enter a code on the purchase, checkout and team purchase pages; the price is worked out on
          the server. A failed or cancelled payment gives its use back.
        </p>
        <CreateCodeForm />
        <CodesTable />
      </section>
      <SeatTiersCard />
    </div>
  );
}
