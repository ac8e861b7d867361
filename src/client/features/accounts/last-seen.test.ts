import { describe, expect, it } from 'vitest';
import { lastSeenLabel } from './last-seen.ts';

describe('lastSeenLabel', () => {
  const now = Date.parse('2026-11-21T14:30:00Z');
  it.each([
    ['2026-11-21T14:29:30Z', 'Active now'],
    ['2026-11-21T14:25:00Z', '5 minutes ago'],
    ['2026-11-21T13:20:00Z', '1 hour ago'],
    ['2026-11-21T09:00:00Z', '5 hours ago'],
    ['2026-11-19T14:30:00Z', '19/11/2026, 2:30 pm'],
  ])('%s → %s', (iso, label) => {
    expect(lastSeenLabel(iso, now)).toBe(label);
  });
});
