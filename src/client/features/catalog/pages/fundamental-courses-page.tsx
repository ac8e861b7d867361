import { House, PackageOpen } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { LISTINGS } from '#shared/site.ts';
import { activeCoursesOfType, useAvailableCourses } from '../api/courses.ts';
import { CourseCard } from '../components/course-card.tsx';
import { ListingHero } from '../components/listing-hero.tsx';
import { LoadFailed, LoadingState } from '../components/load-states.tsx';
import { SupportContact } from '../components/support-contact.tsx';

export function FundamentalCoursesPage() {
  useDocumentTitle(LISTINGS.fundamental.title);
  const { data, isLoading, isError } = useAvailableCourses();
  const courses = activeCoursesOfType(data, 'fundamental');
  return (
    <PublicLayout footer={<SiteFooter />}>
      <ListingHero badge="Start your trade career" title={LISTINGS.fundamental.title}>
        {LISTINGS.fundamental.intro}
      </ListingHero>
      <section aria-label="Courses" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {isLoading ? (
          <LoadingState label="Loading courses..." />
        ) : isError ? (
          <LoadFailed />
        ) : courses.length === 0 ? (
          <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
            <div className="flex size-14 items-center justify-center rounded-full bg-navy-100 text-navy-700">
              <PackageOpen aria-hidden="true" className="size-7" />
            </div>
            <h2 className="mt-4 text-xl font-bold text-navy-950">No Courses Available Yet</h2>
            <p className="mt-2 text-muted-foreground">
              New fundamental courses are being prepared. Check back soon.
            </p>
            <Button asChild className="mt-6">
              <Link href="/">
                <House aria-hidden="true" />
                Back to Home
              </Link>
            </Button>
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
