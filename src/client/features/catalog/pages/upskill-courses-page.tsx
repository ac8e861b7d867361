import { Users } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';

export function UpskillCoursesPage() {
  return (
    <PublicLayout>
      <ComingSoon
        icon={Users}
        title="Upskill My Team"
        description="Advanced training for trade teams and experienced professionals. Upskill courses are on their way."
      />
    </PublicLayout>
  );
}
