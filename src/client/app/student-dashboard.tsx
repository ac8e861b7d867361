import { lazy, Suspense } from 'react';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { CertificatesCard } from '#client/features/certificates/components/certificates-card.tsx';
import { OverdueNotice } from '#client/features/instalments/index.ts';
import type { RenderPackage } from '#client/features/learning/components/topic-view.tsx';
import { StudentDashboardPage } from '#client/features/learning/pages/student-dashboard-page.tsx';
import { InvitationsCard } from '#client/features/teams/components/invitations-card.tsx';
import { WithdrawnNotice } from '#client/features/teams/components/withdrawn-notice.tsx';

// The SCORM player and its runtime (scorm-again) load only when a topic with a package is opened.
const ScormLesson = lazy(() =>
  import('#client/features/scorm/components/scorm-lesson.tsx').then((m) => ({ default: m.ScormLesson })),
);
const renderPackage: RenderPackage = (topicId, onCommitted) => (
  <Suspense fallback={<Skeleton className="h-[70vh] min-h-[420px] w-full" />}>
    <ScormLesson topicId={topicId} onCommitted={onCommitted} />
  </Suspense>
);

/**
 * The student dashboard with the certificates feature's card in its side panel, the instalments feature's
 * 'Payment overdue' banner, the teams feature's invitations and withdrawn-course notice, and the SCORM player in package topics: composed here, since features
 * don't import each other. Loaded lazily as one chunk (pages.ts), so nothing pops in late.
 */
export function StudentDashboard() {
  return (
    <StudentDashboardPage
      sidePanelExtra={<CertificatesCard />}
      notices={
        <>
          <OverdueNotice />
          <InvitationsCard />
        </>
      }
      noCourses={(fallback) => <WithdrawnNotice fallback={fallback} />}
      renderPackage={renderPackage}
    />
  );
}
