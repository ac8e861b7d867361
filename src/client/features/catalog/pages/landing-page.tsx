import { ArrowRight, HardHat, Mail, Users } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';

export function LandingPage() {
  useDocumentTitle();
  return (
    <PublicLayout>
      <section className="relative overflow-hidden bg-navy-950 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 opacity-[0.06] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:48px_48px]"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <Badge variant="accent">Coming soon</Badge>
          <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Trade training that gets you hired.
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-navy-200">
            Fundamental courses for new starters and advanced upskilling for trade teams. Our full home page
            is on its way.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild variant="accent" size="lg">
              <Link href="/fundamental-courses">
                View courses
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/30 bg-transparent text-white hover:bg-white/10"
            >
              <Link href="/upskill-courses">Upskill My Team</Link>
            </Button>
          </div>
        </div>
      </section>

      <section id="about" className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
        <div className="flex gap-4">
          <HardHat aria-hidden="true" className="size-8 shrink-0 text-safety-600" />
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-navy-950">About us</h2>
            <p className="mt-2 text-muted-foreground">
              Industry-led training from working tradespeople, with career support from CV to first job.
            </p>
          </div>
        </div>
        <div id="contact" className="flex gap-4">
          <Users aria-hidden="true" className="size-8 shrink-0 text-safety-600" />
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-navy-950">Contact</h2>
            <p className="mt-2 text-muted-foreground">
              Questions about a course or training your team? Get in touch.
            </p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="mt-3 inline-flex items-center gap-2 rounded-sm font-medium text-navy-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Mail aria-hidden="true" className="size-4" />
              {SUPPORT_EMAIL}
            </a>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
