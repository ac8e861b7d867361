import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { Logo } from './logo.tsx';

const footerLinkClasses =
  'rounded-sm text-sm text-navy-200 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-safety-400';

export function SiteFooter() {
  return (
    <footer className="bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="max-w-sm">
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-relaxed text-navy-200">
            Practical, industry-led training for new starters and experienced trade teams across the UK.
          </p>
        </div>
        <FooterColumn title="Courses">
          <Link href="/fundamental-courses" className={footerLinkClasses}>
            Fundamental Courses
          </Link>
          <Link href="/upskill-courses" className={footerLinkClasses}>
            Upskill My Team
          </Link>
        </FooterColumn>
        <FooterColumn title="Company">
          <Link href="/#about" className={footerLinkClasses}>
            About
          </Link>
          <Link href="/#contact" className={footerLinkClasses}>
            Contact
          </Link>
          <Link href="/login" className={footerLinkClasses}>
            Portal Login
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
