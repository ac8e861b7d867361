import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus, UsersRound } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { STAFF_ROLES, type StaffRole } from '#shared/constants.ts';
import { type StaffInvitationInput, type StaffMember, staffInvitationSchema } from '#shared/schemas/staff.ts';
import { errorToast, successToast } from '../api/admin-api.ts';
import { useInviteStaff, useStaffList, useUpdateStaff } from '../api/staff-api.ts';
import { EmptyState } from './empty-state.tsx';

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  tutor: 'Tutor',
  instructor: 'Instructor',
  finance: 'Finance',
};

const ROLE_HINTS: Record<StaffRole, string> = {
  admin: 'Everything',
  tutor: 'Their caseload of apprentices',
  instructor: 'The courses they are assigned',
  finance: 'Orders, invoices and payments',
};

const personName = (m: Pick<StaffMember, 'firstName' | 'lastName' | 'email'>) =>
  [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

/** Staff (admins): invite by email with roles, change roles, deactivate (docs/staff.md). */
export function StaffTab() {
  const { data, isLoading } = useStaffList();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <InviteCard />
      <section aria-labelledby="staff-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="staff-heading" className="text-lg font-bold text-navy-900">
          Staff
        </h2>
        {isLoading ? (
          <Spinner label="Loading staff..." showLabel />
        ) : !data?.length ? (
          <EmptyState icon={UsersRound} title="No staff yet">
            Invite a tutor, an instructor or someone from finance.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.map((member) => (
              <StaffRow key={member.userId} member={member} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InviteCard() {
  const invite = useInviteStaff();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<StaffInvitationInput>({
    resolver: zodResolver(staffInvitationSchema),
    defaultValues: { email: '', firstName: '', lastName: '', roles: [] },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      successToast(`Invitation sent to ${values.email}`);
      reset();
    } catch (error) {
      errorToast('Could not send the invitation', error);
    }
  });
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold text-navy-900">
        <UserPlus aria-hidden="true" className="size-5" /> Invite staff
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        They get an email with a link, valid for 7 days, to set their password.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4" aria-label="Invite staff">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="invite-email">Email</Label>
          <Input id="invite-email" type="email" autoComplete="off" {...register('email')} />
          <FieldError>{errors.email?.message}</FieldError>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-first">First name</Label>
            <Input id="invite-first" autoComplete="off" {...register('firstName')} />
            <FieldError>{errors.firstName?.message}</FieldError>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-last">Last name</Label>
            <Input id="invite-last" autoComplete="off" {...register('lastName')} />
            <FieldError>{errors.lastName?.message}</FieldError>
          </div>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Roles</legend>
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <>
                {STAFF_ROLES.map((role) => (
                  <div key={role} className="flex items-start gap-3 text-sm">
                    <Checkbox
                      id={`invite-role-${role}`}
                      checked={field.value.includes(role)}
                      onCheckedChange={(on) =>
                        field.onChange(on ? [...field.value, role] : field.value.filter((r) => r !== role))
                      }
                    />
                    <label htmlFor={`invite-role-${role}`}>
                      <span className="font-medium text-navy-900">{ROLE_LABELS[role]}</span>
                      <span className="block text-muted-foreground">{ROLE_HINTS[role]}</span>
                    </label>
                  </div>
                ))}
              </>
            )}
          />
          <FieldError>{errors.roles?.message}</FieldError>
        </fieldset>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
    </Card>
  );
}

function StaffRow({ member }: { member: StaffMember }) {
  const update = useUpdateStaff();
  const save = async (change: { roles?: StaffRole[]; isActive?: boolean }, done: string) => {
    try {
      await update.mutateAsync({ userId: member.userId, ...change });
      successToast(done);
    } catch (error) {
      errorToast('Could not change this member of staff', error);
    }
  };
  const name = personName(member);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">{name}</p>
          <p className="truncate text-sm text-muted-foreground">{member.email}</p>
        </div>
        <Badge variant={member.isActive ? 'success' : 'destructive'}>
          {member.isActive ? 'Active' : 'Deactivated'}
        </Badge>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="sr-only">Roles of {name}</legend>
        {STAFF_ROLES.map((role) => (
          <div key={role} className="flex items-center gap-2 text-sm">
            <Checkbox
              id={`roles-${member.userId}-${role}`}
              checked={member.roles.includes(role)}
              disabled={update.isPending || !member.isActive}
              onCheckedChange={(on) =>
                save(
                  { roles: on ? [...member.roles, role] : member.roles.filter((r) => r !== role) },
                  `${name}: roles saved`,
                )
              }
            />
            <label htmlFor={`roles-${member.userId}-${role}`}>{ROLE_LABELS[role]}</label>
          </div>
        ))}
      </fieldset>
      <div>
        <Button
          variant="outline"
          size="sm"
          className={member.isActive ? 'text-destructive hover:text-destructive' : undefined}
          disabled={update.isPending}
          onClick={() =>
            save(
              { isActive: !member.isActive },
              member.isActive ? `${name} deactivated` : `${name} reactivated`,
            )
          }
        >
          {member.isActive ? 'Deactivate' : 'Reactivate'}
        </Button>
      </div>
    </li>
  );
}
