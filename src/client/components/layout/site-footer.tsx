import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { Logo } from './logo.tsx';

const footerLinkClasses =
  'rounded-sm text-sm text-navy-200 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-safety-400';

export interface FooterCourse {
  id: string;
  title: string;
  isActive: boolean;
}

/** Shown when the catalogue has no courses (or is not loaded on this page). */
export const FALLBACK_FOOTER_COURSES: readonly { title: string; comingSoon: boolean }[] = [
  { title: 'Drainage Systems Fundamentals', comingSoon: false },
  { title: 'Groundworks Essentials', comingSoon: false },
  { title: 'Drainage CCTV Surveying', comingSoon: false },
  { title: 'Fire & Security Systems', comingSoon: true },
  { title: 'EV Charger Installation', comingSoon: true },
  { title: 'Utility Mapping & Surveying Underground', comingSoon: true },
];

/** The footer's course list: the catalogue with ' (Coming Soon)' after inactive courses, else a fixed list. */
export function footerCourseItems(courses: readonly FooterCourse[] | undefined) {
  if (courses?.length) {
    return courses.map((c) => ({
      key: c.id,
      label: c.isActive ? c.title : `${c.title} (Coming Soon)`,
      href: c.isActive ? `/courses/${c.id}` : undefined,
    }));
  }
  return FALLBACK_FOOTER_COURSES.map((c) => ({
    key: c.title,
    label: c.comingSoon ? `${c.title} (Coming Soon)` : c.title,
    href: c.comingSoon ? undefined : '/fundamental-courses',
  }));
}

export function SiteFooter({ courses }: { courses?: readonly FooterCourse[] }) {
  const items = footerCourseItems(courses);
  return (
    <footer className="bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 md:grid-cols-[1.5fr_1.5fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-relaxed text-navy-200">
            Practical, industry-led training for new starters and experienced trade teams across the UK.
          </p>
        </div>
        <FooterColumn title="Courses">
          <ul className="flex flex-col items-start gap-3">
            {items.map((item) => (
              <li key={item.key}>
                {item.href ? (
                  <Link href={item.href} className={footerLinkClasses}>
                    {item.label}
                  </Link>
                ) : (
                  <span className="text-sm text-navy-300">{item.label}</span>
                )}
              </li>
            ))}
          </ul>
        </FooterColumn>
        <FooterColumn title="Company">
          <Link href="/fundamental-courses" className={footerLinkClasses}>
            Fundamental Courses
          </Link>
          <Link href="/upskill-courses" className={footerLinkClasses}>
            Upskill My Team
          </Link>
          <Link href="/#about" className={footerLinkClasses}>
            About
          </Link>
          <Link href="/#contact" className={footerLinkClasses}>
            Contact
          </Link>
          <Link href="/login" className={footerLinkClasses}>
            Portal Login
          </Link>
          <Link href="/privacy" className={footerLinkClasses}>
            Privacy
          </Link>
        </FooterColumn>
        <FooterColumn title="Support">
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className={`${footerLinkClasses} inline-flex items-center gap-2`}
          >
            <Mail aria-hidden="true" className="size-4" />
            {SUPPORT_EMAIL}
          </a>
          <Link href="/accessibility" className={footerLinkClasses}>
            Accessibility statement
          </Link>
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-navy-300 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} TradeSkills. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <div className="mt-4 flex flex-col items-start gap-3">{children}</div>
    </div>
  );
}
