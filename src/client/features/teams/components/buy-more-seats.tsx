import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { type TeamOrderSummary, type TopUpInput, topUpSchema } from '#shared/schemas/teams.ts';
import { useBuyMoreSeats } from '../api/team.ts';

/** More seats for a paid order, by invoice (the invoice is emailed; the seats open once it is paid). */
export function BuyMoreSeats({ order }: { order: TeamOrderSummary }) {
  const buy = useBuyMoreSeats(order.id);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TopUpInput>({
    resolver: zodResolver(topUpSchema),
    defaultValues: { seats: 1, payBy: 'invoice' },
  });
  const id = `more-${order.id}`;
  const pending = order.topUps.filter((t) => t.status !== 'paid');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await buy.mutateAsync(values);
      toast({ title: 'Invoice sent', description: 'The extra seats open once the invoice is paid.' });
    } catch (error) {
      toast({
        title: 'Could not buy seats',
        description: getErrorMessage(error, 'Try again'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-border pt-4">
      <Label htmlFor={id}>Buy more seats (invoiced)</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="number"
          min={1}
          className="w-24"
          aria-invalid={errors.seats ? true : undefined}
          aria-describedby={errors.seats ? `${id}-error` : undefined}
          {...register('seats')}
        />
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
