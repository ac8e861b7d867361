import { useEffect, useRef, useState } from 'react';
import { COUNT_UP_MS, COUNT_UP_THRESHOLD } from '#shared/constants.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

export const COUNT_UP_STATS = [
  { value: 500, suffix: '+', label: 'Students trained' },
  { value: 98, suffix: '%', label: 'Success rate' },
  { value: 50, suffix: '+', label: 'Partner companies' },
] as const;

/** Counts 0 → target over 2 s once, when the block is half visible (docs/product.md#public-site); instant for reduced motion. */
export function useCountUp(targets: readonly number[]) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [progress, setProgress] = useState(0);
  const started = useRef(false);

  useEffect(() => {
    const node = ref.current;
    if (!node || started.current) return;
    if (reducedMotion || typeof IntersectionObserver === 'undefined') {
      started.current = true;
      setProgress(1);
      return;
    }
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting) || started.current) return;
        started.current = true;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / COUNT_UP_MS);
          setProgress(t);
          if (t < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: COUNT_UP_THRESHOLD },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [reducedMotion]);

  // Ease-out so the numbers settle rather than stop dead.
  const eased = 1 - (1 - progress) ** 3;
  return { ref, values: targets.map((t) => Math.round(t * eased)), done: progress >= 1 };
}

export function CountUpStats() {
  const { ref, values, done } = useCountUp(COUNT_UP_STATS.map((s) => s.value));
  return (
    <section aria-label="Our results" className="border-b border-border bg-white">
      <div
        ref={ref}
        className="mx-auto grid max-w-5xl grid-cols-3 gap-4 px-4 py-10 text-center sm:px-6 sm:py-12"
      >
        {COUNT_UP_STATS.map((stat, i) => (
          <div key={stat.label}>
            <p className="text-3xl font-extrabold tracking-tight text-navy-950 tabular-nums sm:text-5xl">
              <span aria-hidden="true">
                {values[i]}
                {stat.suffix}
              </span>
              <span className="sr-only">
                {stat.value}
                {stat.suffix}
              </span>
            </p>
            <p
              className="mt-1 text-sm font-medium text-muted-foreground sm:text-base"
              data-done={done || undefined}
            >
              {stat.label}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
