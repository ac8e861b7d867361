import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PaymentForm } from '#client/features/checkout/index.ts';
import { failureToast } from '#client/lib/error-toast.ts';
import { toast } from '#client/lib/toast.ts';
import { formatPrice } from '#shared/format.ts';
import {
  type TeamOrderCreated,
  type TeamOrderSummary,
  type TopUpInput,
  topUpSchema,
} from '#shared/schemas/teams.ts';
import { TEAM_QUERY_KEY, useBuyMoreSeats } from '../api/team.ts';

/**
 * More seats for a paid order: by card (the card form opens here; the seats join the order once paid) or by
 * invoice (emailed; the seats open once it is paid).
 */
export function BuyMoreSeats({ order }: { order: TeamOrderSummary }) {
  const buy = useBuyMoreSeats(order.id);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
  const [card, setCard] = useState<TeamOrderCreated | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TopUpInput>({
    resolver: zodResolver(topUpSchema),
    defaultValues: { seats: 1, payBy: 'card' },
  });
  const id = `more-${order.id}`;
  const pending = order.topUps.filter((t) => t.status === 'awaiting_payment');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await buy.mutateAsync(values);
      if (created.clientSecret) setCard(created);
      else toast({ title: 'Invoice sent', description: 'The extra seats open once the invoice is paid.' });
    } catch (error) {
      failureToast('Could not buy seats', error, 'Try again');
    }
  });

  if (card?.clientSecret) {
    return (
      <div className="flex flex-col gap-3 border-t border-border pt-4" data-testid="top-up-card">
        <p className="text-sm font-medium text-navy-950">
          Pay {formatPrice(card.amountPence, 'pence')} for the extra seats
        </p>
        <PaymentForm
          clientSecret={card.clientSecret}
          needsEmail={false}
          payLabel={`Pay ${formatPrice(card.amountPence, 'pence')}`}
          onPaid={() => {
            setCard(null);
            void refresh();
          }}
        />
        <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => setCard(null)}>
          Cancel
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-border pt-4">
      <Label htmlFor={id}>Buy more seats</Label>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Input
          id={id}
          type="number"
          min={1}
          className="w-24"
          aria-invalid={errors.seats ? true : undefined}
          aria-describedby={errors.seats ? `${id}-error` : undefined}
          {...register('seats')}
        />
        <fieldset className="flex gap-3 text-sm">
          <legend className="sr-only">How to pay for the extra seats</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" value="card" {...register('payBy')} />
            Card
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" value="invoice" {...register('payBy')} />
            Invoice
          </label>
        </fieldset>
        <Button type="submit" variant="outline" size="sm" className="h-10" disabled={isSubmitting}>
          <Plus aria-hidden="true" />
          Buy seats
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{errors.seats?.message}</FieldError>
      {pending.length ? (
        <p className="text-xs text-muted-foreground">
          {pending.map((t) => `${t.seats} more awaiting payment`).join(' · ')}
        </p>
      ) : null}
    </form>
  );
}
