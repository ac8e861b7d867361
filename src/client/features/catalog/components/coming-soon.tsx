import { Cable, Flame, GraduationCap, MapPinned } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import type { Course } from '#shared/schemas/catalog.ts';
import { NotifyMeButton } from './notify-me.tsx';

// More Courses Coming Soon (docs/product.md#public-site, #waitlist): the catalogue's inactive courses, each with a
// working Notify Me. With none in the catalogue the spec's three specialisms are shown, without a button (there is
// no course to wait for).

const SPEC_CARDS = [
  {
    icon: Flame,
    title: 'Fire & Security Systems',
    text: 'Install and maintain fire alarm and security systems.',
  },
  {
    icon: Cable,
    title: 'EV Charger Installation',
    text: 'Domestic and commercial chargers, installed to code.',
  },
  {
    icon: MapPinned,
    title: 'Utility Mapping & Surveying Underground',
    text: 'Locate and map buried services with GPR and EML.',
  },
];

export function ComingSoon({ courses }: { courses: Course[] | undefined }) {
  const soon = (courses ?? []).filter((c) => !c.isActive).slice(0, 3);
  const cards = soon.length
    ? soon.map((course) => {
        const spec = SPEC_CARDS.find((c) => c.title.toLowerCase() === course.title.toLowerCase());
        return { icon: spec?.icon ?? GraduationCap, title: course.title, text: course.description, course };
      })
    : SPEC_CARDS.map((card) => ({ ...card, course: null }));
  return (
    <section aria-labelledby="soon-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="soon-heading" className="text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">
            More Courses Coming Soon
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">New specialisms are on the way.</p>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {cards.map(({ icon: Icon, title, text, course }) => (
            <article
              key={title}
              className="flex flex-col rounded-2xl border border-dashed border-navy-200 bg-navy-50/60 p-6"
            >
              <div className="flex items-center justify-between">
                <Icon aria-hidden="true" className="size-7 text-navy-600" />
                <Badge variant="secondary">Coming Soon</Badge>
              </div>
              <h3 className="mt-4 text-lg font-bold text-navy-950">{title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{text}</p>
              {course ? (
                <NotifyMeButton
                  course={course}
                  variant="outline"
                  className="mt-5 self-start"
                  aria-label={`Notify Me: ${course.title}`}
                />
              ) : null}
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
