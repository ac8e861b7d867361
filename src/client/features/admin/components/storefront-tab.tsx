import { useQueryClient } from '@tanstack/react-query';
import { BellRing, Flag, MessageSquareText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Stars } from '#client/components/reviews/rating-summary.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { formatDate } from '#shared/format.ts';
import type { AdminReview } from '#shared/schemas/reviews.ts';
import {
  adminApi,
  adminKeys,
  errorToast,
  successToast,
  useAdminReviews,
  useWaitlists,
  validationToast,
} from '../api/admin-api.ts';

/** Waitlist subscribers per course (docs/product.md#waitlist). */
function Waitlists() {
  const { data } = useWaitlists();
  return (
    <section
      aria-labelledby="waitlists-heading"
      className="rounded-xl border border-border bg-white p-5 shadow-card"
    >
      <h2 id="waitlists-heading" className="flex items-center gap-2 text-lg font-bold text-navy-950">
        <BellRing aria-hidden="true" className="size-5 text-safety-600" />
        Waitlists
      </h2>
      {!data?.length ? (
        <p className="mt-2 text-sm text-muted-foreground">Nobody has joined a waitlist yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-2 font-medium">Course</th>
                <th className="py-2 text-right font-medium">Confirmed, waiting</th>
                <th className="py-2 text-right font-medium">Not confirmed</th>
                <th className="py-2 text-right font-medium">Told it opened</th>
                <th className="py-2 text-right font-medium">Unsubscribed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {data.map((row) => (
                <tr key={row.courseId}>
                  <td className="py-2 font-medium text-navy-950">
                    {row.title} {row.isActive ? null : <Badge variant="secondary">Coming Soon</Badge>}
                  </td>
                  <td className="py-2 text-right tabular-nums">{row.confirmed}</td>
                  <td className="py-2 text-right tabular-nums">{row.pending}</td>
                  <td className="py-2 text-right tabular-nums">{row.notified}</td>
                  <td className="py-2 text-right tabular-nums">{row.unsubscribed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Removing a review needs a reason from the reviews policy; it is recorded with the review. */
function RemoveReviewDialog({ review, onClose }: { review: AdminReview | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!review) return;
    if (!reason.trim()) return validationToast('Please give the policy reason');
    setBusy(true);
    try {
      await adminApi.removeReview(review.id, reason.trim());
      successToast('Review removed');
      setReason('');
      onClose();
      void client.invalidateQueries({ queryKey: adminKeys.reviews });
    } catch (error) {
      errorToast('Failed to remove review', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={review !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove review</DialogTitle>
          <DialogDescription>
            Only for a reason in the reviews policy (personal data, abuse, spam, not about the course). A low
            rating or criticism is never a reason.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="remove-reason">Policy reason</Label>
          <Textarea id="remove-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={remove} disabled={busy}>
            Remove review
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Every review (removed ones with their reason) and the reports each had (docs/product.md#reviews). */
function Reviews() {
  const { data } = useAdminReviews();
  const [removing, setRemoving] = useState<AdminReview | null>(null);
  return (
    <section
      aria-labelledby="admin-reviews-heading"
      className="rounded-xl border border-border bg-white p-5 shadow-card"
    >
      <h2 id="admin-reviews-heading" className="flex items-center gap-2 text-lg font-bold text-navy-950">
        <MessageSquareText aria-hidden="true" className="size-5 text-safety-600" />
        Reviews
      </h2>
      {!data?.length ? (
        <p className="mt-2 text-sm text-muted-foreground">No reviews yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {data.map((review) => (
            <li
              key={review.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Stars value={review.rating} />
                  <span className="font-semibold text-navy-950">{review.courseTitle}</span>
                  <span className="text-muted-foreground">
                    {review.authorName} ({review.authorEmail}) · {formatDate(review.createdAt)}
                  </span>
                  {review.reports.length ? (
                    <Badge variant="destructive">
                      <Flag aria-hidden="true" />
                      {review.reports.length} {review.reports.length === 1 ? 'report' : 'reports'}
                    </Badge>
                  ) : null}
                </p>
                <p className="mt-1 break-words text-sm text-navy-900">{review.body}</p>
                {review.reports.map((r) => (
                  <p key={`${r.createdAt}-${r.reason}`} className="mt-1 text-xs text-muted-foreground">
                    Reported {formatDate(r.createdAt)}: {r.reason}
                  </p>
                ))}
                {review.removedAt ? (
                  <p className="mt-1 text-xs font-medium text-destructive">
                    Removed {formatDate(review.removedAt)}: {review.removalReason}
                  </p>
                ) : null}
              </div>
              {review.removedAt ? null : (
                <Button variant="outline" size="sm" className="shrink-0" onClick={() => setRemoving(review)}>
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <RemoveReviewDialog review={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

/** The admin's Storefront tab: waitlist counts and review moderation. */
export function StorefrontTab() {
  return (
    <div className="flex flex-col gap-6">
      <Waitlists />
      <Reviews />
    </div>
  );
}
