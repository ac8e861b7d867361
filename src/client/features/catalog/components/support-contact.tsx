import { Mail, Video } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SUPPORT_EMAIL } from '#shared/constants.ts';

const CALL_REQUEST = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Virtual call request')}&body=${encodeURIComponent(
  'Hello TradeSkills,\n\nI would like to book a virtual call about your courses.\n\nName:\nPhone:\nBest time to call:\n',
)}`;

/** The listings' support block: an email link and a virtual call request by email (docs/product.md#public-site). */
export function SupportContact() {
  return (
    <section aria-labelledby="support-heading" className="bg-navy-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl border border-navy-100 bg-white p-6 shadow-card sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 id="support-heading" className="text-2xl font-bold tracking-tight text-navy-950">
              Not sure which course is right for you?
            </h2>
            <p className="mt-2 text-muted-foreground">
              Talk to our training advisors. We reply to every email within one working day, or we can book a
              short video call at a time that suits you.
            </p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" variant="outline">
              <a href={`mailto:${SUPPORT_EMAIL}`}>
                <Mail aria-hidden="true" />
                Email Us
              </a>
            </Button>
            <Button asChild size="lg">
              <a href={CALL_REQUEST}>
                <Video aria-hidden="true" />
                Request a Virtual Call
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
