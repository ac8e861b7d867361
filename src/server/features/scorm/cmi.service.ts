import type { PackageRow } from './package.service.ts';

// What a package's run data (the CMI object scorm-again keeps, docs/decisions/0017-scorm-opaque-origin.md) says:
// status, score, time, and whether the topic is complete by the version's rules (README 'SCORM packages').

type Cmi = Record<string, unknown>;
const obj = (value: unknown): Cmi => (value && typeof value === 'object' ? (value as Cmi) : {});
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number.parseFloat(str(value));
  return Number.isFinite(n) ? n : null;
};

/** 1.2 `HHHH:MM:SS.SS` or 2004 `PnYnMnDTnHnMnS` in seconds; 0 when unreadable. */
export function parseDuration(value: unknown): number {
  const text = str(value).trim();
  const clock = /^(\d{1,4}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/.exec(text);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    text,
  );
  if (!iso || text === 'P' || text.endsWith('T')) return 0;
  const [, y, mo, d, h, mi, s] = iso.map((v) => Number(v ?? 0));
  return (
    (y ?? 0) * 31_536_000 +
    (mo ?? 0) * 2_592_000 +
    (d ?? 0) * 86_400 +
    (h ?? 0) * 3600 +
    (mi ?? 0) * 60 +
    (s ?? 0)
  );
}

export function formatDuration(version: PackageRow['version'], seconds: number): string {
  const whole = Math.max(0, Math.round(seconds * 100) / 100);
  if (version === '2004')
    return `PT${Math.floor(whole / 3600)}H${Math.floor((whole % 3600) / 60)}M${Math.round((whole % 60) * 100) / 100}S`;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(Math.floor(whole % 60))}`;
}

export interface RunState {
  status: string;
  successStatus: string | null;
  scoreRaw: number | null;
  /** total_time as given at launch (earlier sessions), and this session's session_time. */
  baseSeconds: number;
  sessionSeconds: number;
  complete: boolean;
}

/**
 * Completion follows the package: 1.2 'passed' or 'completed'; 2004 'completed', and also 'passed' when the
 * manifest sets a mastery score (or a scaled score at or above it when the package reports no success status).
 */
export function runState(pkg: Pick<PackageRow, 'version' | 'masteryScore'>, cmi: Cmi): RunState {
  if (pkg.version === '1.2') {
    const core = obj(cmi.core);
    const status = str(core.lesson_status) || 'not attempted';
    return {
      status,
      successStatus: status === 'passed' || status === 'failed' ? status : null,
      scoreRaw: num(obj(core.score).raw),
      baseSeconds: parseDuration(core.total_time),
      sessionSeconds: parseDuration(core.session_time),
      complete: status === 'passed' || status === 'completed',
    };
  }
  const completion = str(cmi.completion_status) || 'not attempted';
  const success = str(cmi.success_status) || 'unknown';
  const score = obj(cmi.score);
  const scaled = num(score.scaled);
  const passed =
    success === 'passed' || (success === 'unknown' && scaled !== null && scaled >= (pkg.masteryScore ?? 1));
  return {
    status: completion,
    successStatus: success,
    scoreRaw: num(score.raw) ?? (scaled === null ? null : Math.round(scaled * 10000) / 100),
    baseSeconds: parseDuration(cmi.total_time),
    sessionSeconds: parseDuration(cmi.session_time),
    complete: completion === 'completed' && (pkg.masteryScore === null || passed),
  };
}

/**
 * The run data a new session starts from: the stored CMI with the time so far as total_time, the entry mode
 * ('resume' after a suspend, else 'ab-initio' for a first run) and no session-only values.
 */
export function resumeCmi(pkg: Pick<PackageRow, 'version'>, stored: Cmi | null, totalSeconds: number): Cmi {
  const cmi: Cmi = structuredClone(stored ?? {});
  if (pkg.version === '1.2') {
    const core = { ...obj(cmi.core) };
    const resumed = core.exit === 'suspend' || Boolean(core.lesson_location) || Boolean(cmi.suspend_data);
    core.entry = stored ? (resumed ? 'resume' : '') : 'ab-initio';
    core.total_time = formatDuration('1.2', totalSeconds);
    delete core.session_time;
    delete core.exit;
    cmi.core = core;
    return cmi;
  }
  const resumed = cmi.exit === 'suspend' || Boolean(cmi.location) || Boolean(cmi.suspend_data);
  cmi.entry = stored ? (resumed ? 'resume' : '') : 'ab-initio';
  cmi.total_time = formatDuration('2004', totalSeconds);
  delete cmi.session_time;
  delete cmi.exit;
  return cmi;
}

/** Bounds for stored run data: clean text (PostgreSQL refuses NUL and lone surrogates), shallow, small. */
export function isStorableCmi(
  value: unknown,
  isCleanText: (s: string) => boolean,
  maxBytes = 256 * 1024,
): boolean {
  const walk = (v: unknown, depth: number): boolean => {
    if (depth > 12) return false;
    if (typeof v === 'string') return isCleanText(v);
    if (v === null || typeof v === 'number' || typeof v === 'boolean') return true;
    if (Array.isArray(v)) return v.every((x) => walk(x, depth + 1));
    if (typeof v === 'object')
      return Object.entries(v).every(([k, x]) => isCleanText(k) && walk(x, depth + 1));
    return false;
  };
  return walk(value, 0) && JSON.stringify(value).length <= maxBytes;
}

/** `{core: {lesson_location: '2'}}` → `{'cmi.core.lesson_location': '2'}`: scalar values only, as GetValue gives them. */
export function flattenCmi(cmi: Cmi, prefix = 'cmi'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(cmi)) {
    const name = `${prefix}.${key}`;
    if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flattenCmi(value as Cmi, name));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[name] = String(value);
  }
  return out;
}
