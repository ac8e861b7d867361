import { KeyRound } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';

export function ForgotPasswordPage() {
  return (
    <PublicLayout>
      <ComingSoon
        icon={KeyRound}
        title="Forgot your password?"
        description="Soon you will be able to request a password reset link by email here."
      />
    </PublicLayout>
  );
}
