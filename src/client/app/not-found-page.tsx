import { House, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PublicLayout>
      <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <div className="flex size-16 items-center justify-center rounded-2xl bg-safety-100 text-safety-700">
          <SearchX aria-hidden="true" className="size-8" />
        </div>
        <p className="mt-6 font-mono text-sm font-semibold tracking-widest text-safety-700">ERROR 404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">
          404 Page Not Found
        </h1>
        <p className="mt-4 max-w-md text-base leading-relaxed text-muted-foreground">
          The page you are looking for does not exist or has moved. Check the address, or head back to the
          home page.
        </p>
        <div className="mt-8 flex w-full max-w-xs flex-col gap-3 sm:w-auto sm:max-w-none sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link href="/">
              <House aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/fundamental-courses">Browse courses</Link>
          </Button>
        </div>
      </section>
    </PublicLayout>
  );
}
