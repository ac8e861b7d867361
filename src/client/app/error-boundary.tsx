import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { reloadPage } from '#client/lib/navigation.ts';

interface State {
  error: Error | null;
}

/**
 * Last line of defence: a render error or a page chunk that fails to download (e.g. after a deploy
 * replaced it) shows a way out instead of a blank screen.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <TriangleAlert aria-hidden="true" className="size-10 text-safety-600" />
        <h1 className="text-2xl font-bold text-navy-950">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">
          The page could not be displayed. Reloading usually fixes this.
        </p>
        <Button onClick={reloadPage}>Reload Page</Button>
      </main>
    );
  }
}
