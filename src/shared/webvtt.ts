// WebVTT caption files (README 'Accessibility'): the server checks an uploaded file with this parser before a
// topic uses it, and the player builds the transcript under the video from the same cues. It follows the W3C
// WebVTT file structure: the `WEBVTT` signature, blocks separated by blank lines, NOTE/STYLE/REGION blocks, an
// optional cue identifier, a timing line `start --> end [settings]` and the cue's text. Nothing else is accepted.

export interface Cue {
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  /** The cue's text without markup (`<v Name>`, `<i>`, timestamps), lines joined by a space. */
  text: string;
}

export type ParsedCaptions = { ok: true; cues: Cue[] } | { ok: false; error: string };

const TIMESTAMP = '(?:(\\d{2,}):)?([0-5]\\d):([0-5]\\d)\\.(\\d{3})';
const TIMING = new RegExp(`^${TIMESTAMP}[ \\t]+-->[ \\t]+${TIMESTAMP}(?:[ \\t].*)?$`);
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  lrm: '',
  rlm: '',
  quot: '"',
};

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** The text a reader sees: tags removed, character references decoded. */
export function cueText(lines: string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Parses a WebVTT file; an error names the line at fault. */
export function parseWebVtt(source: string): ParsedCaptions {
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? ''))
    return { ok: false, error: 'Line 1: a WebVTT file starts with "WEBVTT"' };
  const cues: Cue[] = [];
  let i = 1;
  // The header runs to the first blank line.
  while (i < lines.length && lines[i] !== '') {
    if (lines[i]!.includes('-->'))
      return { ok: false, error: `Line ${i + 1}: a blank line must follow the header` };
    i++;
  }
  while (i < lines.length) {
    while (i < lines.length && lines[i] === '') i++;
    if (i >= lines.length) break;
    const start = i;
    const block: string[] = [];
    while (i < lines.length && lines[i] !== '') block.push(lines[i++]!);
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!) && !block[0]!.includes('-->')) continue;
    const timingAt = block[0]!.includes('-->') ? 0 : 1;
    const timing = block[timingAt] === undefined ? null : TIMING.exec(block[timingAt]!.trim());
    if (!timing) {
      return {
        ok: false,
        error: `Line ${start + timingAt + 1}: expected a cue timing like 00:00:01.000 --> 00:00:04.000`,
      };
    }
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = timing;
    const cue = { start: seconds(h1, m1!, s1!, ms1!), end: seconds(h2, m2!, s2!, ms2!) };
    if (cue.end <= cue.start) {
      return { ok: false, error: `Line ${start + timingAt + 1}: a cue must end after it starts` };
    }
    const payload = block.slice(timingAt + 1);
    const stray = payload.findIndex((line) => line.includes('-->'));
    if (stray >= 0) {
      return { ok: false, error: `Line ${start + timingAt + 2 + stray}: a blank line must separate cues` };
    }
    cues.push({ ...cue, text: cueText(payload) });
  }
  if (cues.length === 0) return { ok: false, error: 'The file has no captions (no cues)' };
  return { ok: true, cues };
}
