import type { LucideIcon } from 'lucide-react';
import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

interface ComingSoonProps {
  title: string;
  description: string;
  icon?: LucideIcon;
  children?: ReactNode;
}

/** Stand-in body for screens that are still being built: names the page and says what it will do. */
export function ComingSoon({ title, description, icon: Icon = Hammer, children }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-navy-900 text-safety-400 shadow-raised">
        <Icon aria-hidden="true" className="size-8" />
      </div>
      <Badge variant="accent" className="mt-6">
        Coming soon
      </Badge>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-xl text-base leading-relaxed text-muted-foreground sm:text-lg">
        {description}
      </p>
      {children ? (
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
      ) : null}
    </section>
  );
}
