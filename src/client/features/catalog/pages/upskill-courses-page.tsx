import { BellRing, GraduationCap, Users } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { LISTINGS } from '#shared/site.ts';
import { activeCoursesOfType, useAvailableCourses } from '../api/courses.ts';
import { CourseCard } from '../components/course-card.tsx';
import { ListingHero } from '../components/listing-hero.tsx';
import { LoadFailed, LoadingState } from '../components/load-states.tsx';
import { NotifyMeButton } from '../components/notify-me.tsx';
import { SupportContact } from '../components/support-contact.tsx';

export function UpskillCoursesPage() {
  useDocumentTitle(LISTINGS.upskill.title);
  const { data, isLoading, isError } = useAvailableCourses();
  const courses = activeCoursesOfType(data, 'upskill');
  // 'Get Notified When Available' joins the waitlist of the next upskill course (docs/product.md#waitlist).
  const upcoming = (data ?? []).find((c) => !c.isActive && c.courseType === 'upskill');
  return (
    <PublicLayout footer={<SiteFooter />}>
      <ListingHero badge="For trade teams and professionals" title={LISTINGS.upskill.title}>
        {LISTINGS.upskill.intro}
      </ListingHero>
      <section aria-label="Courses" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {isLoading ? (
          <LoadingState label="Loading upskill courses..." />
        ) : isError ? (
          <LoadFailed />
        ) : courses.length === 0 ? (
          <div className="mx-auto max-w-2xl rounded-2xl border border-border bg-white p-8 text-center shadow-card sm:p-12">
            <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-safety-100 text-safety-700">
              <Users aria-hidden="true" className="size-7" />
            </div>
            <Badge variant="accent" className="mt-5">
              Coming Soon
            </Badge>
            <h2 className="mt-3 text-2xl font-bold text-navy-950">Upskill courses are on their way</h2>
            <p className="mt-2 text-muted-foreground">
              We are finishing our first advanced courses for trade teams. Sign up to hear as soon as they
              open.
            </p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              {upcoming ? (
                <NotifyMeButton
                  course={upcoming}
                  variant="accent"
                  icon={BellRing}
                  label="Get Notified When Available"
                />
              ) : (
                <Button asChild variant="accent">
                  <Link href="/login">
                    <BellRing aria-hidden="true" />
                    Get Notified When Available
                  </Link>
                </Button>
              )}
              <Button asChild variant="outline">
                <Link href="/fundamental-courses">
                  <GraduationCap aria-hidden="true" />
                  Browse Fundamental Courses
                </Link>
              </Button>
            </div>
          </div>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((course, i) => (
              <CourseCard key={course.id} course={course} eager={i < 3} />
            ))}
          </div>
        )}
      </section>
      <SupportContact />
    </PublicLayout>
  );
}
