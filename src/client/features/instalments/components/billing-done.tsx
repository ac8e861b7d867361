import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';

/** What a Billing page shows once its payment or card change is done: the outcome and where to go next. */
export function BillingDone({
  children,
  href,
  action,
}: {
  children: ReactNode;
  href: string;
  action: string;
}) {
  return (
    <Card className="flex flex-col items-start gap-4 p-6" role="status">
      <p className="flex items-center gap-2 font-semibold text-navy-950">
        <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-green-600" />
        {children}
      </p>
      <Button asChild>
        <Link href={href}>{action}</Link>
      </Button>
    </Card>
  );
}
