import { describe, expect, it } from 'vitest';
import {
  decimalToPence,
  difficultyLabel,
  formatDateTime,
  formatMinutes,
  formatPrice,
  formatSalary,
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

  it('writes money and counts exactly as en-GB Intl formatting does, without loading it', () => {
    const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const gbpWhole = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      maximumFractionDigits: 0,
    });
    const prices = [0, 0.01, 0.5, 1, 9.99, 99.99, 999.5, 1000, 12345.67, 1234567.89, 99999999];
    for (const amount of [...prices, ...prices.slice(1).map((a) => -a)])
      expect(formatPrice(amount)).toBe(gbp.format(amount));
    const salaries = [0, 1, 999.5, 1000, 32000, 1234567];
    for (const amount of [...salaries, ...salaries.slice(1).map((a) => -a)])
      expect(formatSalary(amount)).toBe(gbpWhole.format(amount));
    for (const pence of [0, 1, 99, 100, 123456789, -250])
      expect(formatPrice(pence, 'pence')).toBe(gbp.format(pence / 100));
    for (const count of [0, 1, 999, 1000, 1234567])
      expect(plural(count, 'view')).toBe(
        `${count.toLocaleString('en-GB')} ${count === 1 ? 'view' : 'views'}`,
      );
    // Intl writes "-£0.00" for an amount that rounds to nothing below zero; we write "£0.00".
    expect(formatPrice(-0.004)).toBe('£0.00');
    expect(formatPrice('not a number')).toBe('£0.00');
    expect(formatSalary(null)).toBe('£0');
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
