import { ChevronLeft } from 'lucide-react';
import { Link } from 'wouter';
import { NotificationsButton } from '#client/components/layout/notifications-button.tsx';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { FilesCard } from '../components/files-card.tsx';
import { TopicMediaCard } from '../components/topic-media-card.tsx';

/** /admin/media: upload topic videos and presentations, and see every uploaded file. */
export function MediaLibraryPage() {
  const { user } = useAuth();
  useDocumentTitle('Media library');
  if (!user) return <PageLoader label="Loading media library..." />;
  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader user={user} showAdminBadge notifications={<NotificationsButton />} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8"
      >
        <div className="flex flex-col gap-1">
          <Link
            href="/admin"
            className="inline-flex w-fit items-center gap-1 rounded text-sm font-medium text-navy-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronLeft aria-hidden="true" className="size-4" /> Admin dashboard
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Media library</h1>
        </div>
        <TopicMediaCard />
        <FilesCard />
      </main>
    </div>
  );
}
