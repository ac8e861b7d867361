import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '#client/lib/utils.ts';
import { initials } from '#shared/format.ts';

interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  imageUrl?: string | null;
  className?: string;
  /** Beside the person's name (e.g. inside a link already named after them): hidden from screen readers. */
  decorative?: boolean;
}

/** The profile picture when there is one that loads, else the person's initials. */
export function Avatar({ firstName, lastName, email, imageUrl, className, decorative = false }: AvatarProps) {
  const name = [firstName, lastName].filter(Boolean).join(' ') || email || 'User';
  return (
    <AvatarPrimitive.Root
      aria-hidden={decorative || undefined}
      className={cn(
        'relative inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-navy-100',
        className,
      )}
    >
      {imageUrl ? (
        <AvatarPrimitive.Image
          src={imageUrl}
          alt={decorative ? '' : name}
          className="size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        delayMs={imageUrl ? 300 : 0}
        className="flex size-full items-center justify-center text-sm font-semibold text-navy-800"
        aria-label={decorative ? undefined : name}
      >
        {initials(firstName, lastName, email)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
