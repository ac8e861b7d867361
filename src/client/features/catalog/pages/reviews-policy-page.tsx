import { Scale } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { REVIEW_MIN_PROGRESS_PERCENT } from '#shared/schemas/reviews.ts';

// The published reviews policy linked beside every rating (docs/product.md#reviews): who can review, what is
// published, why a review may be removed, and how to report one.

const SECTIONS: { title: string; points: string[] }[] = [
  {
    title: 'Who can write a review',
    points: [
      'Only learners who bought the course, or were given a seat on it by their employer’s team order, can review it.',
      `They can review it once they have completed ${REVIEW_MIN_PROGRESS_PERCENT}% of its lessons, so every review comes from someone who has really taken the course. Each review carries a "Verified learner" badge and its date.`,
      'One review per learner and course. Learners can edit their own review at any time; the date shown is when it was first written.',
      'We never pay for reviews, offer anything in return for one, or write reviews ourselves. Our staff and admins cannot review courses.',
    ],
  },
  {
    title: 'What we publish',
    points: [
      'Every review is published straight away, good or bad. We never hold back, reorder or hide negative reviews.',
      'The star rating shown on a course is the average of all its published reviews, and the count is the number of them. Nothing else goes into it.',
      'A course with no reviews says so. We do not show ratings, review counts or enrolment numbers we cannot back up.',
    ],
  },
  {
    title: 'When we remove a review',
    points: [
      'We remove a review only when it breaks this policy: it contains personal data (a phone number, an address, someone else’s name), abuse, hate or threats, spam or advertising, or is not about the course.',
      'A low rating or criticism of the course is never a reason to remove a review.',
      'Every removal is recorded with the reason and the admin who made it.',
    ],
  },
  {
    title: 'Reporting a review',
    points: [
      'Anyone can report a review with the Report button beside it. A report does not hide the review by itself: an admin reads it against this policy.',
      `Questions about a review or this policy: ${SUPPORT_EMAIL}.`,
    ],
  },
];

export function ReviewsPolicyPage() {
  useDocumentTitle('Reviews policy');
  return (
    <PublicLayout>
      <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <span className="flex size-12 items-center justify-center rounded-xl bg-safety-100 text-safety-700">
          <Scale aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-navy-950 sm:text-4xl">Reviews policy</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          How course reviews and ratings work at TradeSkills, so you can trust what you read.
        </p>
        <div className="mt-10 flex flex-col gap-8">
          {SECTIONS.map((section) => (
            <section key={section.title}>
              <h2 className="text-xl font-bold text-navy-950">{section.title}</h2>
              <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 leading-relaxed text-navy-900">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    </PublicLayout>
  );
}
