import { KeyRound } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';

export function ResetPasswordPage() {
  return (
    <PublicLayout>
      <ComingSoon
        icon={KeyRound}
        title="Reset your password"
        description="Soon you will be able to choose a new password from the link in your email here."
      />
    </PublicLayout>
  );
}
