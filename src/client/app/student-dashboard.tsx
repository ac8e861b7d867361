import { CertificatesCard } from '#client/features/certificates/components/certificates-card.tsx';
import { StudentDashboardPage } from '#client/features/learning/pages/student-dashboard-page.tsx';
import { InvitationsCard } from '#client/features/teams/components/invitations-card.tsx';
import { WithdrawnNotice } from '#client/features/teams/components/withdrawn-notice.tsx';

/**
 * The student dashboard with the certificates feature's card in its side panel and the teams feature's
 * invitations and withdrawn-course notice: composed here, since features don't import each other. Loaded lazily
 * as one chunk (pages.ts), so nothing pops in late.
 */
export function StudentDashboard() {
  return (
    <StudentDashboardPage
      sidePanelExtra={<CertificatesCard />}
      notices={<InvitationsCard />}
      noCourses={(fallback) => <WithdrawnNotice fallback={fallback} />}
    />
  );
}
