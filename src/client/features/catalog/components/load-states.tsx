import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { reloadPage } from '#client/lib/navigation.ts';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center py-16">
      <Spinner label={label} showLabel className="size-6" />
    </div>
  );
}

/** 'Failed to load courses' with a Reload Page button (docs/product.md#public-site). */
export function LoadFailed({ children }: { children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-red-100 text-destructive">
        <CircleAlert aria-hidden="true" className="size-7" />
      </div>
      <h2 className="mt-4 text-xl font-bold text-navy-950">Failed to load courses</h2>
      <p className="mt-2 text-muted-foreground">Please try again later</p>
      {children}
      <Button className="mt-6" onClick={reloadPage}>
        <RotateCw aria-hidden="true" />
        Reload Page
      </Button>
    </div>
  );
}
