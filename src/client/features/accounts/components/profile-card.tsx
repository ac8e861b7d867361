import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { type Profile, type ProfileFormInput, profileFormSchema } from '#shared/schemas/accounts.ts';
import { useUpdateProfile } from '../api/account.ts';
import { AvatarField } from './avatar-field.tsx';
import { SectionHeading } from './section-heading.tsx';

export function ProfileCard({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormInput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phoneNumber: profile.phoneNumber ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({
        firstName: saved.firstName ?? '',
        lastName: saved.lastName ?? '',
        phoneNumber: saved.phoneNumber ?? '',
      });
      toast({ title: 'Profile updated', description: 'Your details are saved.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Failed to update profile'),
        variant: 'destructive',
      });
    }
  });

  const field = (name: keyof ProfileFormInput) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <Card className="p-5 sm:p-6">
      <SectionHeading id="profile-heading" title="Profile" description="How you appear to instructors." />
      <AvatarField profile={profile} />
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="profile-heading"
        className="mt-6 grid gap-5 border-t border-border pt-6 sm:grid-cols-2 [&>*]:min-w-0"
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="firstName">First name</Label>
          <Input
            id="firstName"
            autoComplete="given-name"
            {...field('firstName')}
            {...register('firstName')}
          />
          <FieldError id="firstName-error">{errors.firstName?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="lastName">Last name</Label>
          <Input id="lastName" autoComplete="family-name" {...field('lastName')} {...register('lastName')} />
          <FieldError id="lastName-error">{errors.lastName?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="phoneNumber">Phone number</Label>
          <Input
            id="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="e.g. 07700 900123"
            {...field('phoneNumber')}
            {...register('phoneNumber')}
          />
          <FieldError id="phoneNumber-error">{errors.phoneNumber?.message}</FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm leading-none font-medium">Email</span>
          {/* A long address is cut short with an ellipsis (the full one is its title), never widening the page. */}
          <p
            className="h-11 truncate rounded-md bg-muted px-3 text-sm leading-[2.75rem] text-muted-foreground"
            title={profile.email}
          >
            {profile.email}
          </p>
        </div>
        <div className="flex items-center justify-end gap-3 sm:col-span-2">
          {isDirty ? <span className="text-sm text-muted-foreground">Unsaved changes</span> : null}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
