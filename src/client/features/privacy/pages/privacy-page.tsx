import { ShieldCheck } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { formatDate } from '#shared/format.ts';
import { RETENTION_SCHEDULE } from '#shared/retention-schedule.ts';
import { PRIVACY_NOTICE } from '#shared/site.ts';

// The privacy notice (README 'Your data'), rendered on the server. Its table is the retention schedule the
// retention job carries out (src/shared/retention-schedule.ts), so the notice and the system cannot disagree.

const RIGHTS = [
  'See a copy of your data: "Download my data" on your account page gives you everything, as JSON and CSV, at once; or ask us and we answer within one month.',
  'Have it corrected: change your details on your account page, or ask us.',
  'Have it erased: "Ask us to erase my account" on your account page. We keep only what the law makes us keep, without your name, and tell you what and until when.',
  'Object to or restrict how we use it, and take it elsewhere (the download is in common formats).',
  'Complain to the Information Commissioner’s Office (ico.org.uk) if you are unhappy with how we handle your data.',
];

export function PrivacyPage() {
  useDocumentTitle(PRIVACY_NOTICE.title);
  return (
    <PublicLayout>
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        <span className="flex size-12 items-center justify-center rounded-xl bg-safety-100 text-safety-700">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">Privacy notice</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          What TradeSkills keeps about you, why, who sees it and for how long.
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated {formatDate(PRIVACY_NOTICE.updated)}
        </p>
        <p className="mt-6 leading-relaxed text-navy-900">
          We collect what you give us when you buy a course or are given one (name, email, phone, company, job
          title), what your learning produces (progress, quiz results, attendance, certificates, messages,
          apprenticeship evidence) and what paying produces (payments and invoices). Your employer sees your
          progress on the courses they bought for you; your tutor and employer contact see your apprenticeship
          record; our card processor handles payments; apprenticeship records go to the funding body. We never
          sell your data.
        </p>
        <h2 className="mt-10 text-xl font-bold text-navy-950">What we keep, why, and for how long</h2>
        <div className="mt-4 flex flex-col gap-3 md:hidden">
          {RETENTION_SCHEDULE.map((rule) => (
            <div key={rule.id} className="rounded-xl border border-border bg-card p-4">
              <p className="font-semibold text-navy-950">{rule.data}</p>
              <p className="mt-2 text-sm text-navy-900">
                <span className="font-medium">Why: </span>
                {rule.why}
              </p>
              <p className="mt-1 text-sm text-navy-900">
                <span className="font-medium">Kept: </span>
                {rule.period}
              </p>
            </div>
          ))}
        </div>
        <table className="mt-4 hidden w-full border-collapse text-left text-sm md:table">
          <caption className="sr-only">Retention schedule</caption>
          <thead>
            <tr className="border-b border-border text-navy-950">
              <th scope="col" className="py-2 pr-4 font-semibold">
                What
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Why
              </th>
              <th scope="col" className="py-2 font-semibold">
                How long
              </th>
            </tr>
          </thead>
          <tbody>
            {RETENTION_SCHEDULE.map((rule) => (
              <tr key={rule.id} className="border-b border-border align-top text-navy-900">
                <th scope="row" className="py-3 pr-4 font-medium">
                  {rule.data}
                </th>
                <td className="py-3 pr-4">{rule.why}</td>
                <td className="py-3">{rule.period}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 className="mt-10 text-xl font-bold text-navy-950">Your rights</h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 leading-relaxed text-navy-900">
          {RIGHTS.map((right) => (
            <li key={right}>{right}</li>
          ))}
        </ul>
        <p className="mt-8 text-navy-900">
          Questions, or a request by email:{' '}
          <a className="font-medium underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </section>
    </PublicLayout>
  );
}
