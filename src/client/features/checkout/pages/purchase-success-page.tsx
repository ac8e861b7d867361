import { CircleCheck } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';

export function PurchaseSuccessPage() {
  return (
    <PublicLayout>
      <ComingSoon
        icon={CircleCheck}
        title="Payment Successful!"
        description="Your login details will be emailed to you. This confirmation page is on its way."
      />
    </PublicLayout>
  );
}
