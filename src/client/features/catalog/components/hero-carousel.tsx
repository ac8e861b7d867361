import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { HERO_AUTOPLAY_MS } from '#shared/constants.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

export interface HeroSlide {
  key: string;
  badge: string;
  title: string;
  text: string;
  image: { src: string; alt: string };
  primary: { label: string; href: string };
}

// docs/product.md#public-site: the first button goes to /login on slides 1, 3 and 4 and to /upskill-courses on the upskill slide.
export const HERO_SLIDES: HeroSlide[] = [
  {
    key: 'fundamentals',
    badge: 'Fundamental Courses',
    title: 'Learn the Fundamentals',
    text: 'Start a trade career with hands-on courses built by working tradespeople, and a fast route to your first job.',
    image: { src: '/images/hero-fundamentals.svg', alt: 'A trainee laying drainage pipe in a trench' },
    primary: { label: 'Start My Career', href: '/login' },
  },
  {
    key: 'upskill',
    badge: 'Upskill My Team',
    title: 'Upskill Your Team',
    text: 'Advanced, practical training that gets experienced crews certified on new kit and new standards without losing weeks on site.',
    image: { src: '/images/hero-upskill.svg', alt: 'A trade team reviewing a CCTV drain survey on a tablet' },
    primary: { label: 'Upskill My Team', href: '/upskill-courses' },
  },
  {
    key: 'about',
    badge: 'About us',
    title: 'About us',
    text: 'For over ten years our instructors have trained the people who keep Britain’s drains, grounds and utilities running.',
    image: { src: '/images/hero-about.svg', alt: 'The TradeSkills training centre' },
    primary: { label: 'Join TradeSkills', href: '/login' },
  },
  {
    key: 'career',
    badge: 'Career support',
    title: 'Complete Career Support',
    text: 'A CV update, introductions to our recruitment partners and help with interviews until you are on site.',
    image: { src: '/images/hero-career.svg', alt: 'A CV, a handshake and a job offer' },
    primary: { label: 'Get Started', href: '/login' },
  },
];

const SLIDES = HERO_SLIDES.length;

/**
 * The landing hero: loops, autoplays every 9 s (paused on hover, focus, or the pause button, and off for
 * reduced motion), swipes, and answers the arrow keys.
 */
export function HeroCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovering, setHovering] = useState(false);
  const goTo = useCallback((index: number) => setSelected(((index % SLIDES) + SLIDES) % SLIDES), []);

  const autoplay = !reducedMotion && !paused && !hovering;
  useEffect(() => {
    if (!autoplay) return;
    // Restarted after every slide change, so a manual move gets the full 9 s too.
    const timer = setTimeout(() => goTo(selected + 1), HERO_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [autoplay, selected, goTo]);

  // A horizontal swipe (touch, pen or mouse drag) of more than 40 px moves one slide; vertical scrolling stays
  // the browser's (touch-pan-y). A CSS transform, not a carousel library: this is the landing page's hero and its
  // JavaScript is budgeted (docs/decisions/0014-server-rendered-public-pages.md).
  const swipeStart = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) > 40) goTo(selected + (dx < 0 ? 1 : -1));
  };

  const prev = () => goTo(selected - 1);
  const next = () => goTo(selected + 1);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative overflow-hidden bg-navy-950 text-white"
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onKeyDown={onKeyDown}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.05] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div className="relative mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14 lg:px-8">
        <h1 className="text-sm font-semibold tracking-wide text-safety-400 uppercase">
          Trade training that gets you hired
        </h1>
      </div>
      <div
        className="relative overflow-hidden"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div
          className={cn(
            'flex touch-pan-y',
            !reducedMotion && 'transition-transform duration-700 ease-[cubic-bezier(0.25,1,0.5,1)]',
          )}
          style={{ transform: `translateX(-${selected * 100}%)` }}
        >
          {HERO_SLIDES.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks slides as groups.
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${HERO_SLIDES.length}: ${slide.title}`}
              aria-hidden={index !== selected}
              inert={index !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 pt-6 pb-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:px-8 lg:pb-20">
                <div>
                  <Badge variant="accent">{slide.badge}</Badge>
                  <h2 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
                    {slide.title}
                  </h2>
                  <p className="mt-5 max-w-xl text-lg leading-relaxed text-navy-200">{slide.text}</p>
                  <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                    <Button asChild size="lg" variant="accent">
                      <Link href={slide.primary.href}>
                        {slide.primary.label}
                        <ArrowRight aria-hidden="true" />
                      </Link>
                    </Button>
                    <Button
                      asChild
                      size="lg"
                      variant="outline"
                      className="border-white/30 bg-transparent text-white hover:bg-white/10"
                    >
                      <Link href="/fundamental-courses">View Courses</Link>
                    </Button>
                  </div>
                </div>
                <div className="hidden sm:block">
                  <img
                    src={slide.image.src}
                    alt={slide.image.alt}
                    width={640}
                    height={480}
                    loading={index === 0 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                    decoding="async"
                    className="mx-auto h-auto w-full max-w-xl rounded-3xl shadow-2xl shadow-black/40"
                  />
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 pb-8 sm:px-6 lg:px-8">
        <div className="-ml-2 flex items-center">
          {HERO_SLIDES.map((slide, index) => (
            // A 24 px target around the small dot (WCAG 2.5.8 target size).
            <button
              key={slide.key}
              type="button"
              aria-label={`Show slide ${index + 1}: ${slide.title}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
              className="group flex h-6 min-w-6 cursor-pointer items-center justify-center rounded-full px-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-safety-400"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2.5 rounded-full transition-all',
                  index === selected ? 'w-8 bg-safety-500' : 'w-2.5 bg-white/30 group-hover:bg-white/60',
                )}
              />
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          {reducedMotion ? null : (
            <Button
              variant="ghost"
              size="icon"
              className="text-white hover:bg-white/10"
              aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
              onClick={() => setPaused((p) => !p)}
            >
              {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="text-white hover:bg-white/10"
            aria-label="Previous slide"
            onClick={prev}
          >
            <ChevronLeft aria-hidden="true" className="size-5!" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-white hover:bg-white/10"
            aria-label="Next slide"
            onClick={next}
          >
            <ChevronRight aria-hidden="true" className="size-5!" />
          </Button>
        </div>
      </div>
    </section>
  );
}
