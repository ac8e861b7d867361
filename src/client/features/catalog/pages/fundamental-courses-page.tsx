import { GraduationCap } from 'lucide-react';
import { ComingSoon } from '#client/components/layout/coming-soon.tsx';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';

export function FundamentalCoursesPage() {
  return (
    <PublicLayout>
      <ComingSoon
        icon={GraduationCap}
        title="Fundamental Courses"
        description="Start your trade career with hands-on fundamentals and a fast route to being hired. The course list is on its way."
      />
    </PublicLayout>
  );
}
