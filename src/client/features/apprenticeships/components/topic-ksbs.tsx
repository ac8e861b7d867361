import { Search, Target } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { KSB_KINDS, type KsbKind, type Standard } from '#shared/schemas/standards.ts';
import { errorToast } from '../api/apprenticeships.ts';
import { useMapTopic, useStandards, useTopicKsbs } from '../api/standards.ts';

// Instructors map a course topic to the KSBs it teaches, so completing it evidences them automatically
// (docs/apprenticeships.md "Evidence and KSBs"). Shown on each topic card of the admin Content tab.

const KIND_LABELS: Record<KsbKind, string> = {
  knowledge: 'Knowledge',
  skill: 'Skills',
  behaviour: 'Behaviours',
};

const plural = (n: number) => `${n} KSB${n === 1 ? '' : 's'}`;

/** The topic card's "KSBs" button (with how many are mapped) and its dialog. */
export function TopicKsbsButton({ topicId, topicTitle }: { topicId: string; topicTitle: string }) {
  const [open, setOpen] = useState(false);
  const mapped = useTopicKsbs(topicId);
  const count = mapped.data?.ksbIds.length ?? 0;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Target aria-hidden="true" /> KSBs{mapped.data ? ` (${count})` : ''}
        <span className="sr-only"> for {topicTitle}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>KSBs for {topicTitle}</DialogTitle>
            <DialogDescription>
              An apprentice on the standard who completes this topic has these KSBs evidenced automatically;
              their tutor still signs each one off.
            </DialogDescription>
          </DialogHeader>
          {mapped.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load this topic’s KSBs.
            </p>
          ) : open && mapped.data ? (
            <KsbMapper topicId={topicId} initial={mapped.data.ksbIds} onDone={() => setOpen(false)} />
          ) : (
            <Skeleton className="h-48" />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The standard that holds most of the mapped KSBs, else the first. */
function defaultStandard(standards: readonly Standard[], mapped: ReadonlySet<string>): string {
  let best = standards[0]?.id ?? '';
  let most = 0;
  for (const s of standards) {
    const n = s.ksbs.filter((k) => mapped.has(k.id)).length;
    if (n > most) [best, most] = [s.id, n];
  }
  return best;
}

function KsbMapper({
  topicId,
  initial,
  onDone,
}: {
  topicId: string;
  initial: readonly string[];
  onDone: () => void;
}) {
  const standards = useStandards();
  const save = useMapTopic();
  const [selected, setSelected] = useState(() => new Set(initial));
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const all = standards.data ?? [];
  const standardId = chosen ?? defaultStandard(all, selected);
  const standard = all.find((s) => s.id === standardId);
  const query = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      (standard?.ksbs ?? []).filter(
        (k) => !query || k.code.toLowerCase() === query || k.detail.toLowerCase().includes(query),
      ),
    [standard, query],
  );

  if (standards.isPending) return <Skeleton className="h-48" />;
  if (!standard) {
    return (
      <p className="text-sm text-muted-foreground">
        No standard has been imported yet. An admin imports one under Standards and ILR.
      </p>
    );
  }
  const inStandard = standard.ksbs.filter((k) => selected.has(k.id)).length;
  const elsewhere = selected.size - inStandard;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { topicId, ksbIds: [...selected] },
      { onSuccess: onDone, onError: (e) => errorToast('Could not save the KSBs', e) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" aria-label="Map KSBs">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`ksb-standard-${topicId}`}>Standard</Label>
          <Select
            id={`ksb-standard-${topicId}`}
            value={standard.id}
            onChange={(e) => setChosen(e.target.value)}
          >
            {all.map((s) => (
              <option key={s.id} value={s.id}>
                {s.referenceNumber} v{s.version}: {s.title}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`ksb-search-${topicId}`}>Search KSBs</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`ksb-search-${topicId}`}
              type="search"
              className="pl-9"
              placeholder="A code (K3) or words"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              // Enter searches as you type already; it must not submit the mapping.
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            />
          </div>
        </div>
      </div>
      <div className="max-h-[45dvh] min-w-0 overflow-y-auto rounded-lg border border-border p-3">
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No KSB of this standard matches “{search.trim()}”.</p>
        ) : (
          KSB_KINDS.map((kind) => {
            const items = shown.filter((k) => k.kind === kind);
            if (items.length === 0) return null;
            const ofKind = standard.ksbs.filter((k) => k.kind === kind);
            const ticked = ofKind.filter((k) => selected.has(k.id)).length;
            return (
              <fieldset key={kind} className="mb-4 flex min-w-0 flex-col gap-2 last:mb-0">
                <legend className="mb-1 text-sm font-semibold text-navy-900">
                  {KIND_LABELS[kind]}{' '}
                  <span className="font-normal text-muted-foreground">
                    ({ticked} of {ofKind.length} mapped)
                  </span>
                </legend>
                {items.map((k) => {
                  const id = `topic-${topicId.slice(0, 8)}-ksb-${k.id.slice(0, 8)}`;
                  return (
                    <div key={k.id} className="flex min-w-0 items-start gap-2">
                      <Checkbox
                        id={id}
                        className="mt-0.5"
                        checked={selected.has(k.id)}
                        onCheckedChange={(checked) => toggle(k.id, checked === true)}
                      />
                      <Label htmlFor={id} className="min-w-0 text-sm leading-snug font-normal break-words">
                        <span className="font-mono font-bold">{k.code}</span> {k.detail}
                      </Label>
                    </div>
                  );
                })}
              </fieldset>
            );
          })
        )}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {plural(inStandard)} of {standard.referenceNumber} v{standard.version} mapped
        {elsewhere ? `, and ${plural(elsewhere)} of other standards` : ''}.
      </p>
      <DialogFooter className="mt-0">
        <Button variant="outline" type="button" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save KSBs
        </Button>
      </DialogFooter>
    </form>
  );
}
