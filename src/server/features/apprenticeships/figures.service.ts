import { formatDate, formatHours } from '#shared/format.ts';
import {
  addMonths,
  NO_LEARNING_WARNING_DAYS,
  OTJ_MINIMUM_HOURS,
  type OtjFigures,
  REVIEW_INTERVAL_MONTHS,
} from '#shared/schemas/apprenticeships.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface FiguresInput {
  startDate: string;
  endDate: string;
  plannedOtjHours: number;
  standardMinimumHours: number | null;
  /** Hours prior learning takes off the minimum (docs/apprenticeships.md "The plan"). */
  priorLearningReductionHours?: number;
  approvedSeconds: number;
  pendingSeconds: number;
  /** The latest day with learning logged (any entry not rejected). */
  lastLearningDate: string | null;
  lastReviewDate: string | null;
  today: string;
}

/**
 * Progress at a glance (docs/apprenticeships.md): only approved hours count; the forecast projects the pace so
 * far (approved hours per day since the start) to the planned end; the pace needed spreads what is left over the
 * weeks that remain.
 */
export function computeFigures(input: FiguresInput): OtjFigures {
  const approved = input.approvedSeconds / 3600;
  const pending = input.pendingSeconds / 3600;
  const planned = input.plannedOtjHours;
  const total = Math.max(1, days(input.startDate, input.endDate));
  const elapsed = Math.min(total, Math.max(0, days(input.startDate, input.today)));
  const forecast = elapsed > 0 ? (approved / elapsed) * total : approved;
  const remainingDays = Math.max(0, days(input.today, input.endDate));
  const left = Math.max(0, planned - approved);
  const paceNeeded = left === 0 ? 0 : left / Math.max(1, remainingDays / 7);
  const nextReviewDue = addMonths(input.lastReviewDate ?? input.startDate, REVIEW_INTERVAL_MONTHS);

  const warnings: OtjFigures['warnings'] = [];
  const started = elapsed > 0;
  if (started && forecast < planned) {
    warnings.push({
      code: 'BEHIND',
      message: `Behind plan: at this pace about ${formatHours(round2(forecast))} of the planned ${formatHours(planned)} by ${formatDate(input.endDate)}. ${formatHours(round2(paceNeeded))} a week is needed from now.`,
    });
  }
  const quietFor = input.lastLearningDate ? days(input.lastLearningDate, input.today) : elapsed;
  if (
    elapsed >= NO_LEARNING_WARNING_DAYS &&
    quietFor >= NO_LEARNING_WARNING_DAYS &&
    input.today <= input.endDate
  ) {
    warnings.push({
      code: 'NO_RECENT_LEARNING',
      message: input.lastLearningDate
        ? `No learning logged for ${Math.floor(quietFor / 7)} weeks (last on ${formatDate(input.lastLearningDate)}). Evidence of learning is needed at least every 4 weeks.`
        : 'No learning logged yet. Evidence of learning is needed at least every 4 weeks.',
    });
  }
  return {
    plannedHours: planned,
    minimumHours: Math.max(
      OTJ_MINIMUM_HOURS,
      (input.standardMinimumHours ?? OTJ_MINIMUM_HOURS) - (input.priorLearningReductionHours ?? 0),
    ),
    approvedHours: round2(approved),
    pendingHours: round2(pending),
    forecastHours: round2(forecast),
    paceNeededPerWeek: round2(paceNeeded),
    lastLearningDate: input.lastLearningDate,
    nextReviewDue,
    reviewOverdue: nextReviewDue < input.today,
    warnings,
  };
}
