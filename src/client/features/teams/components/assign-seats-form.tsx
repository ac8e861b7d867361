import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { type AssignSeatInput, assignSeatSchema } from '#shared/schemas/teams.ts';
import { useAssignSeat } from '../api/team.ts';

/** "First, Last, email" per line (a header line or blank lines are skipped) → members, each checked by the seat schema. */
export function parseMembers(text: string): { members: AssignSeatInput[]; error?: string } {
  const members: AssignSeatInput[] = [];
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (const [i, line] of lines.entries()) {
    const [firstName = '', lastName = '', email = ''] = line
      .split(/[,;\t]/)
      .map((c) => c.trim().replace(/^"|"$/g, ''));
    if (i === 0 && /email/i.test(email) && !email.includes('@')) continue;
    const parsed = assignSeatSchema.safeParse({ firstName, lastName, email });
    if (!parsed.success) return { members, error: `Line ${i + 1}: ${parsed.error.issues[0]!.message}` };
    members.push(parsed.data);
  }
  if (members.length === 0)
    return { members, error: 'Enter at least one person: first name, last name, email' };
  return { members };
}

const formSchema = z.object({
  lines: z.string().superRefine((text, ctx) => {
    const { error } = parseMembers(text);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
});

/** Assign one seat or many: one person per line. */
export function AssignSeatsForm({ orderId, free }: { orderId: string; free: number }) {
  const assign = useAssignSeat(orderId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ lines: string }>({ resolver: zodResolver(formSchema), defaultValues: { lines: '' } });
  const id = `assign-${orderId}`;

  const onSubmit = handleSubmit(async ({ lines }) => {
    const { members } = parseMembers(lines);
    let done = 0;
    let invited = 0;
    for (const member of members) {
      try {
        const seat = await assign.mutateAsync(member);
        done++;
        if (seat?.status === 'invited') invited++;
      } catch (error) {
        toast({
          title: `Could not assign ${member.email}`,
          description: getErrorMessage(error, 'Seat not assigned'),
          variant: 'destructive',
        });
      }
    }
    if (done) {
      toast({
        title: 'Seats assigned',
        description: `${done} ${done === 1 ? 'person has' : 'people have'} been emailed.${
          invited
            ? ` ${invited} already ${invited === 1 ? 'has an account, so gets' : 'have accounts, so get'} an invitation to accept first.`
            : ''
        }`,
      });
      reset();
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
      <Label htmlFor={id}>Assign seats ({free} free)</Label>
      <Textarea
        id={id}
        rows={3}
        placeholder={'Jamie, Fox, jamie.fox@example.com\nPriya, Shah, priya.shah@example.com'}
        aria-invalid={errors.lines ? true : undefined}
        aria-describedby={errors.lines ? `${id}-error` : `${id}-hint`}
        disabled={free === 0}
        {...register('lines')}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        One person per line: first name, last name, email (paste from a spreadsheet as CSV).
      </p>
      <FieldError id={`${id}-error`}>{errors.lines?.message}</FieldError>
      <Button type="submit" size="sm" disabled={isSubmitting || free === 0} className="self-start">
        <UserPlus aria-hidden="true" />
        {isSubmitting ? 'Assigning...' : 'Assign seats'}
      </Button>
    </form>
  );
}
