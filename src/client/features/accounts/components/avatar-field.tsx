import { Trash2 } from 'lucide-react';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ObjectUploader } from '#client/components/upload/object-uploader.tsx';
import { getErrorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import { IMAGE_MAX_BYTES } from '#shared/constants.ts';
import type { Profile } from '#shared/schemas/accounts.ts';
import { useUpdateProfile } from '../api/account.ts';

/** The profile picture: initials until one is uploaded (5 MB image, through the media upload flow). */
export function AvatarField({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;

  async function save(profileImageUrl: string | null) {
    try {
      await update.mutateAsync({ profileImageUrl });
    } catch (error) {
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Failed to update your profile photo'),
        variant: 'destructive',
      });
      throw error;
    }
    toast({
      title: profileImageUrl ? 'Profile photo updated' : 'Profile photo removed',
      description: profileImageUrl ? 'Your new photo is saved.' : 'Your initials are shown instead.',
    });
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <Avatar
          firstName={profile.firstName}
          lastName={profile.lastName}
          email={profile.email}
          imageUrl={profile.profileImageUrl}
          className="size-20 [&_span]:text-2xl"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-navy-950">{name}</p>
          <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
          {profile.profileImageUrl ? (
            <Button
              variant="link"
              className="mt-1.5 text-sm text-destructive"
              disabled={update.isPending}
              onClick={() => void save(null).catch(() => {})}
            >
              <Trash2 aria-hidden="true" />
              Remove photo
            </Button>
          ) : null}
        </div>
      </div>
      <ObjectUploader
        fileType="image"
        maxFileSize={IMAGE_MAX_BYTES}
        label="Profile photo"
        buttonLabel={profile.profileImageUrl ? 'Change photo' : 'Upload photo'}
        onUploaded={(objectPath) => save(objectPath)}
      />
    </div>
  );
}
