import { CreditCard, House } from 'lucide-react';
import { Link } from 'wouter';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';

export function CheckoutPage() {
  return (
    <PublicLayout>
      <ComingSoon
        icon={CreditCard}
        title="Checkout"
        description="A course summary and secure card payment will appear here."
      >
        <Button asChild variant="outline">
          <Link href="/">
            <House aria-hidden="true" />
            Return Home
          </Link>
        </Button>
      </ComingSoon>
    </PublicLayout>
  );
}
