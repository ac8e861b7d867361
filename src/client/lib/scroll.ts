// In-page anchors (/#about, /#contact) may point into a lazily loaded page that is not rendered yet
// when the URL changes, so the target is looked for on each frame for a short while.

const GIVE_UP_AFTER_MS = 3000;
let pending: number | null = null;

export function scrollToHash(hash: string): void {
  if (pending !== null) cancelAnimationFrame(pending);
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return;
  const startedAt = performance.now();
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) {
      pending = null;
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      return;
    }
    pending = performance.now() - startedAt < GIVE_UP_AFTER_MS ? requestAnimationFrame(attempt) : null;
  };
  attempt();
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
