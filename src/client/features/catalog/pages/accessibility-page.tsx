import { Accessibility } from 'lucide-react';
import type { ReactNode } from 'react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { formatDate } from '#shared/format.ts';
import { ACCESSIBILITY_STATEMENT, SITE_NAME } from '#shared/site.ts';

// The accessibility statement (README 'Accessibility'), in the order of the GOV.UK model statement: what it
// covers, how accessible the service is, feedback and contact, reporting problems, the enforcement procedure,
// compliance status, known issues, and how the service was tested. Keep the known issues true when they change.

const reviewed = formatDate(ACCESSIBILITY_STATEMENT.reviewed);
const prepared = formatDate(ACCESSIBILITY_STATEMENT.prepared);
const mail = (
  <a className="font-medium text-navy-800 underline underline-offset-2" href={`mailto:${SUPPORT_EMAIL}`}>
    {SUPPORT_EMAIL}
  </a>
);

/** Known problems: what fails, who it affects, the WCAG 2.2 criterion, and what we are doing about it. */
const KNOWN_ISSUES: { issue: string; criterion: string; plan: string }[] = [
  {
    issue:
      'Some lesson videos have no captions yet, and so no transcript. Course authors upload a caption file for each video; the course editor shows which videos still need one.',
    criterion: '1.2.2 Captions (Prerecorded)',
    plan: 'We are adding captions to every existing video, course by course.',
  },
  {
    issue:
      'Lesson videos have no audio description. Where a video shows something that is not said aloud, the spoken commentary may not describe it.',
    criterion: '1.2.5 Audio Description (Prerecorded)',
    plan: 'We are reviewing the videos that need it and will publish descriptions in their transcripts.',
  },
  {
    issue:
      'Live sessions take place in an external video meeting service. Live captions depend on that service and are not always switched on.',
    criterion: '1.2.4 Captions (Live)',
    plan: 'Ask the instructor, or email us, and we will arrange live captions for your session.',
  },
  {
    issue:
      'Presentations uploaded by course authors (PDF and PowerPoint), certificate PDFs and invoice PDFs may not be tagged for screen readers. The certificate’s details are also on its public verification page, and invoice details on the My team page.',
    criterion: '1.3.1 Info and Relationships',
    plan: 'We will produce tagged PDFs for certificates and invoices, and ask authors for accessible presentations.',
  },
  {
    issue:
      'SCORM lessons are packages made by other organisations and run inside the lesson page. We check that they play, but we cannot check all of their content.',
    criterion: 'Several',
    plan: 'We ask authors for packages that meet WCAG 2.2 AA, and will provide another format on request.',
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-bold text-navy-950">{title}</h2>
      <div className="mt-3 flex flex-col gap-3 leading-relaxed text-navy-900">{children}</div>
    </section>
  );
}

const List = ({ items }: { items: ReactNode[] }) => (
  <ul className="flex list-disc flex-col gap-2 pl-5">
    {items.map((item, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences
      <li key={i}>{item}</li>
    ))}
  </ul>
);

export function AccessibilityPage() {
  useDocumentTitle(ACCESSIBILITY_STATEMENT.title);
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <span className="flex size-12 items-center justify-center rounded-xl bg-safety-100 text-safety-700">
          <Accessibility aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">
          Accessibility statement for {SITE_NAME}
        </h1>
        <p className="mt-3 text-lg text-muted-foreground">
          This statement applies to the whole {SITE_NAME} service: the public course pages and checkout, the
          student portal, the team portal, the apprenticeship screens and the admin console.
        </p>
        <div className="mt-10 flex flex-col gap-10">
          <Section title="Using this service">
            <p>
              {SITE_NAME} is run by {SITE_NAME} Ltd. We want as many people as possible to be able to use it.
              For example, that means you should be able to:
            </p>
            <List
              items={[
                'change colours, contrast levels and fonts using browser or device settings',
                'zoom in up to 400% without the text spilling off the screen',
                'navigate the whole service using just a keyboard, and see where you are on the page',
                'navigate most of the service using speech recognition software',
                'listen to most of the service using a screen reader (including the most recent versions of JAWS, NVDA and VoiceOver)',
                'switch captions on or off for lesson videos that have them, and read, search and jump through their transcript',
                'sign in with a password manager and paste your password: there are no puzzles to solve',
              ]}
            />
            <p>
              <a
                className="font-medium text-navy-800 underline underline-offset-2"
                href="https://mcmw.abilitynet.org.uk/"
              >
                AbilityNet
              </a>{' '}
              has advice on making your device easier to use if you have a disability.
            </p>
          </Section>

          <Section title="How accessible this service is">
            <p>We know some parts of the service are not fully accessible:</p>
            <List items={KNOWN_ISSUES.map((k) => k.issue)} />
          </Section>

          <Section title="Feedback and contact information">
            <p>
              If you need information in a different format, such as accessible PDF, large print, easy read,
              an audio recording or braille, email {mail}. We will consider your request and get back to you
              within 5 working days.
            </p>
          </Section>

          <Section title="Reporting accessibility problems with this service">
            <p>
              We are always looking to improve the accessibility of {SITE_NAME}. If you find a problem not
              listed on this page, or think we are not meeting accessibility requirements, email {mail}. Tell
              us the page address, what you were trying to do and the device and assistive technology you use.
              We reply within 5 working days.
            </p>
          </Section>

          <Section title="Enforcement procedure">
            <p>
              The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector
              Bodies (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018 (the
              ‘accessibility regulations’). If you are not happy with how we respond to your complaint,
              contact the{' '}
              <a
                className="font-medium text-navy-800 underline underline-offset-2"
                href="https://www.equalityadvisoryservice.com/"
              >
                Equality Advisory and Support Service (EASS)
              </a>
              . In Northern Ireland, contact the{' '}
              <a
                className="font-medium text-navy-800 underline underline-offset-2"
                href="https://www.equalityni.org/Home"
              >
                Equality Commission for Northern Ireland
              </a>
              .
            </p>
          </Section>

          <Section title="Technical information about this service’s accessibility">
            <p>
              {SITE_NAME} is committed to making its service accessible, in accordance with the Public Sector
              Bodies (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018. Colleges and
              training providers who buy it rely on this.
            </p>
            <h3 className="text-lg font-semibold text-navy-950">Compliance status</h3>
            <p>
              This service is <strong>partially compliant</strong> with the{' '}
              <a
                className="font-medium text-navy-800 underline underline-offset-2"
                href="https://www.w3.org/TR/WCAG22/"
              >
                Web Content Accessibility Guidelines version 2.2
              </a>{' '}
              AA standard, due to the non-compliances listed below.
            </p>
          </Section>

          <Section title="Non-accessible content">
            <p>The content listed below is non-accessible for the following reasons.</p>
            <h3 className="text-lg font-semibold text-navy-950">
              Non-compliance with the accessibility regulations
            </h3>
            <ul className="flex flex-col gap-4">
              {KNOWN_ISSUES.map((k) => (
                <li key={k.criterion} className="rounded-lg border border-navy-100 bg-white p-4">
                  <p>{k.issue}</p>
                  <p className="mt-2 text-sm">
                    <span className="font-semibold">WCAG 2.2 success criterion:</span> {k.criterion}
                  </p>
                  <p className="mt-1 text-sm">
                    <span className="font-semibold">What we are doing:</span> {k.plan}
                  </p>
                </li>
              ))}
            </ul>
            <h3 className="text-lg font-semibold text-navy-950">Disproportionate burden</h3>
            <p>We are not claiming disproportionate burden for any part of the service.</p>
            <h3 className="text-lg font-semibold text-navy-950">
              Content that is not within the scope of the regulations
            </h3>
            <p>
              Live video (live sessions) is exempt from the accessibility regulations. We still aim to caption
              it on request.
            </p>
          </Section>

          <Section title="What we are doing to improve accessibility">
            <p>
              Every screen and dialog of the service is checked automatically on every change, on a
              phone-sized and a desktop-sized screen, against WCAG 2.2 A and AA, including the size of buttons
              and links (at least 24 by 24 pixels). Each screen and dialog is also checked at 320 pixels wide
              (400% zoom on a laptop screen): nothing makes the page scroll sideways, apart from data tables
              and charts, which scroll inside their own box. Keyboard-only checks cover the skip link, pausing
              the slideshow, moving through the admin console, and dialogs that keep focus and give it back.
              Whole journeys are done with the keyboard alone, checking at every step that you can see where
              focus is and that the page header does not hide it: buying a course, watching a lesson and
              taking its quiz, logging off-the-job hours with an evidence file, and, for staff, building a
              quiz and scheduling a live session. The home page, a course page, the student dashboard and the
              admin overview score 100 in Lighthouse’s accessibility audit.
            </p>
          </Section>

          <Section title="Preparation of this accessibility statement">
            <p>
              This statement was prepared on {prepared}. It was last reviewed on {reviewed}.
            </p>
            <p>
              This service was last tested on {reviewed} against the WCAG 2.2 AA standard. The test was
              carried out by the {SITE_NAME} team: automated tests (axe) of every screen and dialog at 390 and
              1280 pixels wide, reflow checks at 320 pixels wide, keyboard-only journeys at 390 and 1280
              pixels wide, and Lighthouse’s accessibility audit of four pages. Screen readers and speech
              recognition software were not part of this test.
            </p>
          </Section>
        </div>
      </article>
    </PublicLayout>
  );
}
