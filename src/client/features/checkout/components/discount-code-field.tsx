import { BadgePercent, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { formatPrice } from '#shared/format.ts';

export interface AppliedCode {
  code: string;
  amountOffPence: number;
}

/**
 * A buyer's discount code on the purchase, checkout and team purchase pages (docs/product.md#discount-codes-and-team-prices).
 * `onApply` asks the server (which prices the code) and throws its message when the code cannot be used. The field is
 * not a form of its own, so it can sit inside another form: Enter applies the code.
 */
export function DiscountCodeField({
  applied,
  onApply,
  onRemove,
  error: outsideError,
  className,
}: {
  applied: AppliedCode | null;
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
  /** A message from elsewhere (the payment refused the code). */
  error?: string | null;
  className?: string;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = error ?? outsideError ?? null;

  async function apply(event?: FormEvent) {
    event?.preventDefault();
    const code = value.trim();
    if (!code) {
      setError('Enter a code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onApply(code);
      setValue('');
    } catch (failure) {
      setError(getErrorMessage(failure, 'That discount code is not valid for this purchase.'));
    } finally {
      setBusy(false);
    }
  }

  if (applied) {
    return (
      <div
        className={`flex items-center justify-between gap-3 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm ${className ?? ''}`}
        data-testid="discount-applied"
      >
        <span className="flex min-w-0 items-center gap-2 text-navy-950">
          <BadgePercent aria-hidden="true" className="size-4 shrink-0 text-success" />
          <span className="min-w-0 break-all">
            Code <span className="font-semibold">{applied.code}</span> applied: −
            {formatPrice(applied.amountOffPence, 'pence')}
          </span>
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove code ${applied.code}`}
        >
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
    );
  }

  return (
    <div className={className}>
      <Label htmlFor={id}>Discount code</Label>
      <div className="mt-2 flex gap-2">
        <Input
          id={id}
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void apply(e);
          }}
          className="min-w-0 flex-1 uppercase placeholder:normal-case"
          placeholder="Enter a code"
        />
        <Button type="button" variant="outline" disabled={busy} onClick={() => void apply()}>
          {busy ? <Spinner label="Checking code..." /> : null}
          Apply
        </Button>
      </div>
      <FieldError id={`${id}-error`} role="alert" className="mt-1.5">
        {shown}
      </FieldError>
    </div>
  );
}
