import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { plural } from '#shared/format.ts';
import type { AdminStats } from '#shared/schemas/admin-students.ts';

/** Top 5 topics by views (docs/product.md#admin-console); the analytics tab also shows this week's views. */
export function PopularResources({
  resources,
  loading,
  showWeekly = false,
}: {
  resources: AdminStats['resourceStats'] | undefined;
  loading: boolean;
  showWeekly?: boolean;
}) {
  if (loading) {
    return (
      <div className="grid gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    );
  }
  if (!resources?.length)
    return <p className="py-6 text-center text-sm text-muted-foreground">No resource data available</p>;
  return (
    <ol className="grid gap-2 [&>*]:min-w-0">
      {resources.map((r, i) => (
        <li key={r.resourceId} className="flex items-center gap-3 rounded-lg bg-muted/60 px-3 py-2">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-navy-900 text-xs font-bold text-white">
            {i + 1}
          </span>
          <span className="min-w-0 flex-1 truncate text-sm font-medium">{r.title}</span>
          <span className="shrink-0 text-right text-sm text-muted-foreground">
            {showWeekly ? (
              <>
                <span className="font-semibold text-navy-900">{plural(r.weeklyViews, 'view')}</span> This week
              </>
            ) : (
              <span className="font-semibold text-navy-900">{plural(r.viewCount, 'view')}</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
