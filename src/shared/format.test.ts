import { describe, expect, it } from 'vitest';
import {
  decimalToPence,
  difficultyLabel,
  formatDateTime,
  formatMinutes,
  formatPrice,
  formatWeeks,
  hhmmToMinutes,
  initials,
  penceToDecimal,
  plural,
  progressLabel,
} from './format.ts';

describe('format', () => {
  it('converts between pence and decimal strings', () => {
    expect(penceToDecimal(9999)).toBe('99.99');
    expect(penceToDecimal(5)).toBe('0.05');
    expect(penceToDecimal(100000)).toBe('1000.00');
    expect(decimalToPence('99.99')).toBe(9999);
    expect(decimalToPence('99.9')).toBe(9990);
    expect(decimalToPence('12')).toBe(1200);
    expect(decimalToPence('12.345')).toBeNull();
    expect(decimalToPence('-1')).toBeNull();
    expect(decimalToPence('abc')).toBeNull();
  });

  it('shows pounds', () => {
    expect(formatPrice('995.95')).toBe('£995.95');
    expect(formatPrice(119994, 'pence')).toBe('£1,199.94');
  });

  it('shows minutes as Xh Ym, TBD when missing, and parses HH:MM', () => {
    expect(formatMinutes(90)).toBe('1h 30m');
    expect(formatMinutes(0)).toBe('0h 0m');
    expect(formatMinutes(null)).toBe('TBD');
    expect(hhmmToMinutes('01:30')).toBe(90);
    expect(hhmmToMinutes('')).toBe(0);
    expect(hhmmToMinutes('2')).toBe(120);
  });

  it('pluralises weeks', () => {
    expect(formatWeeks(1)).toBe('1 week');
    expect(formatWeeks(6)).toBe('6 weeks');
  });

  it('plural: "1 view", "0 views", "2 views", irregulars and thousands', () => {
    expect(plural(1, 'view')).toBe('1 view');
    expect(plural(0, 'view')).toBe('0 views');
    expect(plural(2, 'view')).toBe('2 views');
    expect(plural(2, 'person', 'people')).toBe('2 people');
    expect(plural(1200, 'view')).toBe('1,200 views');
  });

  it('uses UK day/month order with a 12-hour time', () => {
    expect(formatDateTime('2026-11-21T14:30:00Z')).toBe('21/11/2026, 2:30 pm');
    expect(formatDateTime('2026-07-04T08:05:00Z')).toBe('04/07/2026, 9:05 am');
  });

  it('maps difficulty and progress labels', () => {
    expect(difficultyLabel('beginner')).toBe('Fundamental');
    expect(difficultyLabel('intermediate')).toBe('UpSkill');
    expect(difficultyLabel('advanced')).toBe('Advanced');
    expect(progressLabel(0)).toBe('Not Started');
    expect(progressLabel(40)).toBe('In Progress');
    expect(progressLabel(100)).toBe('Complete');
  });

  it('makes initials', () => {
    expect(initials('Ada', 'Lovelace')).toBe('AL');
    expect(initials(null, null, 'sam@example.com')).toBe('S');
  });
});
