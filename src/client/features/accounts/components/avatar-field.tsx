import { Avatar } from '#client/components/ui/avatar.tsx';
import type { Profile } from '#shared/schemas/accounts.ts';

/** The profile picture (initials until one is uploaded). */
export function AvatarField({ profile }: { profile: Profile }) {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;
  return (
    <div className="flex items-center gap-4">
      <Avatar
        firstName={profile.firstName}
        lastName={profile.lastName}
        email={profile.email}
        imageUrl={profile.profileImageUrl}
        className="size-20 [&_span]:text-2xl"
      />
      <div className="min-w-0">
        <p className="truncate font-semibold text-navy-950">{name}</p>
        <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
      </div>
    </div>
  );
}
