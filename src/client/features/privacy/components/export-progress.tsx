import type { DataExport } from '#shared/schemas/privacy.ts';

/** A labelled progress bar for an export being made. */
export function ExportProgress({ item, label }: { item: DataExport; label: string }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-navy-950">{label}</span>
        <span className="tabular-nums text-muted-foreground">{item.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.progress}
        className="h-2 w-full overflow-hidden rounded-full bg-navy-50"
      >
        <div
          className="h-full rounded-full bg-safety-500 transition-[width]"
          style={{ width: `${Math.max(item.progress, 3)}%` }}
        />
      </div>
    </div>
  );
}
