import {
  ArrowRight,
  Award,
  BriefcaseBusiness,
  GraduationCap,
  HardHat,
  Mail,
  Users,
  Wrench,
} from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { useAvailableCourses } from '../api/courses.ts';
import { ComingSoon } from '../components/coming-soon.tsx';
import { FeaturedCourse } from '../components/featured-course.tsx';
import { HeroCarousel } from '../components/hero-carousel.tsx';
import { LearnerReviews } from '../components/learner-reviews.tsx';

const WHY_CHOOSE_US = [
  {
    icon: HardHat,
    title: 'Taught by working tradespeople',
    text: 'Every instructor still works on site, so you learn how the job is really done today.',
  },
  {
    icon: Wrench,
    title: 'Hands-on from day one',
    text: 'Video lessons and quizzes online, practical days at our training centres.',
  },
  {
    icon: Award,
    title: 'Industry-recognised',
    text: 'Courses mapped to UK regulations and the standards employers ask for.',
  },
  {
    icon: BriefcaseBusiness,
    title: 'Career support included',
    text: 'CV help and introductions to our recruitment partners when you finish.',
  },
];

export function LandingPage() {
  useDocumentTitle();
  const { data: courses } = useAvailableCourses();
  return (
    <PublicLayout footer={<SiteFooter courses={courses} />}>
      <HeroCarousel />

      <section
        aria-labelledby="options-heading"
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8"
      >
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="options-heading" className="text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">
            Two Training Options
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Whether you are starting out or leading a team, there is a route for you.
          </p>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <article className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-card sm:p-8">
            <div className="flex size-12 items-center justify-center rounded-xl bg-safety-100 text-safety-700">
              <GraduationCap aria-hidden="true" className="size-6" />
            </div>
            <Badge variant="outline" className="mt-5 self-start">
              Fundamental
            </Badge>
            <h3 className="mt-3 text-2xl font-bold text-navy-950">New to the trade</h3>
            <p className="mt-2 flex-1 leading-relaxed text-muted-foreground">
              Beginner courses with a fast route to being hired: the skills, the safety tickets and the
              introductions employers look for.
            </p>
            <Button asChild size="lg" variant="accent" className="mt-6 self-start">
              <Link href="/login">
                Start My Career
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </article>
          <article className="flex flex-col rounded-2xl border border-navy-800 bg-navy-900 p-6 text-white shadow-card sm:p-8">
            <div className="flex size-12 items-center justify-center rounded-xl bg-white/10 text-safety-400">
              <Users aria-hidden="true" className="size-6" />
            </div>
            <Badge variant="accent" className="mt-5 self-start">
              Advanced
            </Badge>
            <h3 className="mt-3 text-2xl font-bold">For trade teams and professionals</h3>
            <p className="mt-2 flex-1 leading-relaxed text-navy-200">
              Upskill experienced crews on new equipment, standards and specialisms, with training planned
              around your workload.
            </p>
            <Button asChild size="lg" className="mt-6 self-start bg-white text-navy-950 hover:bg-navy-100">
              <Link href="/upskill-courses">
                Upskill My Team
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </article>
        </div>
      </section>

      <FeaturedCourse />

      <section
        id="about"
        aria-labelledby="why-heading"
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8"
      >
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">
            Why Choose Us
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Industry-led training from people who do the work, with support from CV to first job.
          </p>
        </div>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_CHOOSE_US.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-2xl border border-border bg-white p-6 shadow-card">
              <div className="flex size-11 items-center justify-center rounded-xl bg-navy-900 text-safety-400">
                <Icon aria-hidden="true" className="size-5" />
              </div>
              <h3 className="mt-4 text-lg font-bold text-navy-950">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </article>
          ))}
        </div>
      </section>

      <ComingSoon courses={courses} />

      <LearnerReviews />

      <section id="contact" aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8">
        <div className="mx-auto max-w-7xl overflow-hidden rounded-3xl bg-navy-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to start your trade career?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-200">
            Join hundreds of students who trained with us and found work. Questions first? Email{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-semibold wrap-break-word text-white underline underline-offset-4"
            >
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="accent">
              <Link href="/login">
                Get Started Today
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/30 bg-transparent text-white hover:bg-white/10"
            >
              <a href={`mailto:${SUPPORT_EMAIL}`}>
                <Mail aria-hidden="true" />
                Contact Us
              </a>
            </Button>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
