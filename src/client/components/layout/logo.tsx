import { cn } from '#client/lib/utils.ts';

interface LogoMarkProps {
  className?: string;
}

/** A hard hat on a navy tile: drawn here so the app needs no image request and scales crisply. */
export function LogoMark({ className }: LogoMarkProps) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-9 shrink-0', className)}
    >
      <rect width="32" height="32" rx="8" fill="#15233d" />
      <path d="M7.5 21.5a8.5 8.5 0 0 1 17 0Z" fill="#f97316" />
      <path d="M14.6 13.1h2.8v8.4h-2.8z" fill="#fdba74" />
      <path
        d="M11 15.2a8.5 8.5 0 0 1 2.2-1.6v7.9H11zM18.8 13.6a8.5 8.5 0 0 1 2.2 1.6v6.3h-2.2z"
        fill="#ea580c"
      />
      <rect x="5" y="21" width="22" height="3.2" rx="1.6" fill="#fb923c" />
    </svg>
  );
}

interface LogoProps {
  /** 'dark' text for light backgrounds, 'light' text for the navy panels. */
  tone?: 'dark' | 'light';
  className?: string;
}

export function Logo({ tone = 'dark', className }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-xl font-extrabold tracking-tight">
        <span className={tone === 'dark' ? 'text-navy-900' : 'text-white'}>Trade</span>
        <span className={tone === 'dark' ? 'text-safety-600' : 'text-safety-400'}>Skills</span>
      </span>
    </span>
  );
}
