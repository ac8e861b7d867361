import { CheckCircle2, Circle, PenLine } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { formatDate, formatHours } from '#shared/format.ts';
import { type Gateway, KSB_STATUS_LABELS, type KsbStatus } from '#shared/schemas/standards.ts';
import { errorToast } from '../api/apprenticeships.ts';
import { useSignGateway, useSignOffKsb } from '../api/standards.ts';

const STATUS_STYLE: Record<KsbStatus, string> = {
  not_started: 'bg-muted text-muted-foreground',
  evidenced: 'bg-amber-100 text-amber-900',
  signed_off: 'bg-green-100 text-green-900',
};

function Check({ ok, label, detail }: { ok: boolean; label: string; detail: string }) {
  return (
    <li className="flex items-start gap-2">
      {ok ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
      ) : (
        <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      )}
      <span>
        <span className="font-semibold text-navy-900">{label}</span>
        <span className="sr-only">{ok ? ' (met)' : ' (not yet)'}</span>
        <span className="block text-sm text-muted-foreground">{detail}</span>
      </span>
    </li>
  );
}

/**
 * Gateway readiness and the KSB matrix: the same screen for the apprentice, their tutor and their employer
 * (docs/apprenticeships.md "Gateway readiness"). The tutor signs KSBs off; tutor and employer sign "ready".
 */
export function GatewayPanel({ gateway }: { gateway: Gateway }) {
  const signOff = useSignOffKsb();
  const sign = useSignGateway();
  const signed = gateway.ksbs.filter((k) => k.status === 'signed_off').length;
  const { hours, reviews } = gateway;
  return (
    <div className="flex flex-col gap-5">
      <Card className="p-4 sm:p-5" aria-labelledby={`gateway-${gateway.studentId}`}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 id={`gateway-${gateway.studentId}`} className="text-lg font-bold text-navy-900">
            Gateway readiness
          </h3>
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${gateway.ready ? 'bg-green-100 text-green-900' : 'bg-muted text-navy-900'}`}
          >
            {gateway.ready ? 'Ready for gateway' : 'Not ready yet'}
          </span>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          <Check
            ok={gateway.checks.ksbs}
            label="Every KSB signed off"
            detail={`${signed} of ${gateway.ksbs.length} signed off`}
          />
          <Check
            ok={gateway.checks.hours}
            label="Off-the-job hours met"
            detail={`${formatHours(hours.approved)} approved of ${formatHours(hours.planned)} planned · ${formatHours(gateway.pace.neededPerWeek)} a week needed`}
          />
          <Check
            ok={gateway.checks.reviews}
            label="Reviews at most 12 weeks apart"
            detail={`${reviews.last ? `Last ${formatDate(reviews.last)}` : 'No review yet'} · next due ${formatDate(reviews.nextDue)}${reviews.overdue ? ' (overdue)' : ''}${reviews.longGaps.length ? ` · ${reviews.longGaps.length} gap${reviews.longGaps.length === 1 ? '' : 's'} over 12 weeks` : ''}`}
          />
          <Check
            ok={gateway.checks.qualifications}
            label="Mandatory qualifications with evidence"
            detail={
              gateway.qualifications.length
                ? gateway.qualifications
                    .map(
                      (q) =>
                        `${q.title}: ${q.hasEvidence && q.achievedOn ? 'evidenced' : 'evidence missing'}`,
                    )
                    .join(' · ')
                : 'None on the plan'
            }
          />
        </ul>
        <div className="mt-4 flex flex-col gap-2 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {gateway.signatures.length
              ? gateway.signatures
                  .map(
                    (s) =>
                      `${s.role === 'tutor' ? 'Tutor' : 'Employer'}: ${s.name}, ${formatDate(s.signedAt)}`,
                  )
                  .join(' · ')
              : 'The tutor and the employer each sign once every check passes.'}
          </p>
          {gateway.canSignAs ? (
            <Button
              size="sm"
              disabled={sign.isPending}
              onClick={() =>
                sign.mutate(
                  { studentId: gateway.studentId, as: gateway.canSignAs! },
                  { onError: (e) => errorToast('Could not sign', e) },
                )
              }
            >
              <PenLine aria-hidden="true" /> Sign ready for gateway
            </Button>
          ) : null}
        </div>
      </Card>
      <Card className="p-4 sm:p-5">
        <h3 className="mb-1 text-lg font-bold text-navy-900">KSB matrix</h3>
        <p className="mb-3 text-sm text-muted-foreground">
          {gateway.standard
            ? `${gateway.standard.title} (${gateway.standard.referenceNumber} v${gateway.standard.version})`
            : 'No standard is linked to this apprenticeship yet.'}
        </p>
        <ul className="flex flex-col divide-y divide-border">
          {gateway.matrix.map((k) => (
            <li key={k.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
              <div className="flex items-center gap-2 sm:w-40 sm:shrink-0 sm:flex-col sm:items-start">
                <span className="font-mono text-sm font-bold text-navy-900">{k.code}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[k.status]}`}>
                  {KSB_STATUS_LABELS[k.status]}
                </span>
              </div>
              <div className="min-w-0 flex-1">
                <p className="text-sm text-navy-900">{k.detail}</p>
                {k.evidence.length ? (
                  <ul className="mt-1 flex flex-col gap-0.5 text-xs text-muted-foreground">
                    {k.evidence.map((e) => (
                      <li key={`${e.kind}-${e.label}-${e.date}`} className="break-words">
                        {formatDate(e.date)} · {e.kind === 'topic' ? 'Topic completed' : 'Logged'}: {e.label}
                        {e.state === 'automatic'
                          ? ' (automatic)'
                          : e.state === 'pending'
                            ? ' (awaiting tutor)'
                            : ''}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {k.signedOff ? (
                  <p className="mt-1 text-xs text-green-800">
                    Signed off by {k.signedOff.name}, {formatDate(k.signedOff.signedAt)}
                  </p>
                ) : null}
              </div>
              {gateway.canSignKsbs && k.status === 'evidenced' ? (
                <Button
                  size="sm"
                  variant="outline"
                  className="self-start"
                  aria-label={`Sign off ${k.code}`}
                  disabled={signOff.isPending}
                  onClick={() =>
                    signOff.mutate(
                      { studentId: gateway.studentId, ksbId: k.id },
                      { onError: (e) => errorToast('Could not sign off', e) },
                    )
                  }
                >
                  Sign off
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
