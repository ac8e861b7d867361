import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import type { Ksb } from '#shared/schemas/standards.ts';

/** Tick the KSBs a piece of evidence shows (docs/apprenticeships.md "Evidence and KSBs"). */
export function KsbPicker({
  idPrefix,
  ksbs,
  value,
  onChange,
}: {
  idPrefix: string;
  ksbs: readonly Ksb[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  if (ksbs.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-semibold text-navy-900">KSBs this shows (optional)</legend>
      <div className="grid max-h-56 gap-1.5 overflow-y-auto rounded-lg border border-border p-2 sm:grid-cols-2">
        {ksbs.map((k) => {
          const id = `${idPrefix}-ksb-${k.code}`;
          return (
            <div key={k.id} className="flex items-start gap-2">
              <Checkbox
                id={id}
                checked={value.includes(k.id)}
                onCheckedChange={(checked) =>
                  onChange(checked === true ? [...value, k.id] : value.filter((v) => v !== k.id))
                }
              />
              <Label htmlFor={id} className="text-sm leading-snug font-normal">
                <span className="font-mono font-bold">{k.code}</span>{' '}
                <span className="line-clamp-2">{k.detail}</span>
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
