import { CertificatesCard } from '#client/features/certificates/components/certificates-card.tsx';
import { StudentDashboardPage } from '#client/features/learning/pages/student-dashboard-page.tsx';

/**
 * The student dashboard with the certificates feature's card in its side panel: composed here, since features
 * don't import each other. Loaded lazily as one chunk (pages.ts), so the card never pops in late.
 */
export function StudentDashboard() {
  return <StudentDashboardPage sidePanelExtra={<CertificatesCard />} />;
}
