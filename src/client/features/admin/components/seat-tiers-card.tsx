import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { MAX_SEAT_TIERS, seatTiersSchema } from '#shared/schemas/discounts.ts';
import { errorToast, successToast, useCourses } from '../api/admin-api.ts';
import { discountKeys, discountsApi, useSeatTiers } from '../api/discounts-api.ts';

type Row = { minSeats: string; percentOff: string };

/** A course's team price tiers (docs/product.md#discount-codes-and-team-prices): from N seats, X% off each seat. */
export function SeatTiersCard() {
  const client = useQueryClient();
  const { data: courses } = useCourses();
  const [courseId, setCourseId] = useState('');
  const tiers = useSeatTiers(courseId);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setRows(
      (tiers.data?.tiers ?? []).map((t) => ({
        minSeats: String(t.minSeats),
        percentOff: String(t.percentOff),
      })),
    );
    setError(null);
  }, [tiers.data]);

  async function save() {
    const parsed = seatTiersSchema.safeParse({ tiers: rows });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the tiers');
      return;
    }
    setBusy(true);
    try {
      const saved = await discountsApi.saveTiers(courseId, parsed.data.tiers);
      client.setQueryData(discountKeys.tiers(courseId), saved);
      successToast('Team prices saved');
    } catch (failure) {
      errorToast('Could not save the team prices', failure);
    } finally {
      setBusy(false);
    }
  }

  const update = (index: number, patch: Partial<Row>) =>
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <section
      aria-labelledby="tiers-heading"
      className="rounded-xl border border-border bg-white p-5 shadow-card"
    >
      <h2 id="tiers-heading" className="flex items-center gap-2 text-lg font-bold text-navy-950">
        <Users aria-hidden="true" className="size-5 text-safety-600" />
        Team prices
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">
        Seat-price tiers for team orders: the buyer sees them in the price summary and on the invoice.
      </p>
      <div className="flex max-w-md flex-col gap-2">
        <Label htmlFor="tiers-course">Course</Label>
        <Select id="tiers-course" value={courseId} onChange={(e) => setCourseId(e.target.value)}>
          <option value="">Choose a course</option>
          {courses?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      </div>
      {!courseId ? null : tiers.isLoading ? (
        <Spinner label="Loading tiers..." showLabel className="mt-4" />
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tiers: every seat is full price.</p>
          ) : null}
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
            <div key={index} className="flex flex-wrap items-end gap-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`tier-seats-${index}`}>From seats</Label>
                <Input
                  id={`tier-seats-${index}`}
                  inputMode="numeric"
                  className="w-28"
                  value={row.minSeats}
                  onChange={(e) => update(index, { minSeats: e.target.value })}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`tier-off-${index}`}>% off each seat</Label>
                <Input
                  id={`tier-off-${index}`}
                  inputMode="numeric"
                  className="w-28"
                  value={row.percentOff}
                  onChange={(e) => update(index, { percentOff: e.target.value })}
                />
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove the tier from ${row.minSeats || 'new'} seats`}
                onClick={() => setRows((list) => list.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <FieldError role="alert">{error}</FieldError>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="outline"
              disabled={rows.length >= MAX_SEAT_TIERS}
              onClick={() => setRows((list) => [...list, { minSeats: '', percentOff: '' }])}
            >
              <Plus aria-hidden="true" />
              Add tier
            </Button>
            <Button onClick={() => void save()} disabled={busy}>
              {busy ? <Spinner label="Saving..." /> : null}
              Save team prices
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
