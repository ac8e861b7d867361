import { describe, expect, it } from 'vitest';
import { teamOrderPrice } from './schemas/teams.ts';
import { invoiceFigures, unitSplit, vatOfGross } from './vat.ts';

// Invoice lines add up (README 'Invoices and VAT rounding'): VAT per unit by the VAT fraction to the nearest penny
// (VAT Notice 700 §17), quantity × unit = net, net + VAT = what was charged.

describe('VAT on VAT-inclusive prices', () => {
  it('the issue: £1,495.00 × 2 at 20% is 2 × £1,245.83 = £2,491.66 net, £498.34 VAT, £2,990.00 charged', () => {
    const f = invoiceFigures(2, 149_500, 20);
    expect(f.unitNetPence).toBe(124_583);
    expect(f.line).toEqual({ netPence: 249_166, vatPence: 49_834, grossPence: 299_000 });
    expect(f.total).toEqual(f.line);
    expect(f.quantity * f.unitNetPence).toBe(f.total.netPence);
  });

  it('rounds the VAT fraction to the nearest penny, half a penny up', () => {
    expect(vatOfGross(120, 20)).toBe(20); // exact
    expect(vatOfGross(3, 20)).toBe(1); // 0.5p up
    expect(vatOfGross(99_999, 20)).toBe(16_667); // 16,666.5p up
    expect(vatOfGross(100, 20)).toBe(17); // 16.67p up
    expect(vatOfGross(104, 20)).toBe(17); // 17.33p down
    expect(vatOfGross(105, 5)).toBe(5); // another rate
    expect(vatOfGross(-3, 20)).toBe(-1); // symmetric
  });

  it('charges no VAT when the supplier is not VAT registered (rate 0)', () => {
    expect(unitSplit(99_999, 0)).toEqual({ unitNetPence: 99_999, unitVatPence: 0 });
    expect(invoiceFigures(7, 12_345, 0).total).toEqual({ netPence: 86_415, vatPence: 0, grossPence: 86_415 });
  });

  it('never rounds a standard-rated unit of 2p or more down to nil VAT', () => {
    expect(unitSplit(2, 20)).toEqual({ unitNetPence: 1, unitVatPence: 1 });
    expect(unitSplit(1, 20)).toEqual({ unitNetPence: 1, unitVatPence: 0 });
    expect(unitSplit(0, 20)).toEqual({ unitNetPence: 0, unitVatPence: 0 });
  });

  it('the most seats at a half-penny price still add up exactly', () => {
    const f = invoiceFigures(500, 99_999, 20);
    expect(f.unitNetPence).toBe(83_332);
    expect(f.total).toEqual({ netPence: 41_666_000, vatPence: 8_333_500, grossPence: 49_999_500 });
  });

  it('reductions are lines with their own VAT, and the totals are the line less them', () => {
    // 3 seats at £120, a 10% tier (£36) and a £10 code.
    const f = invoiceFigures(3, 12_000, 20, [3_600, 1_000]);
    expect(f.line).toEqual({ netPence: 30_000, vatPence: 6_000, grossPence: 36_000 });
    expect(f.reductions).toEqual([
      { netPence: 3_000, vatPence: 600, grossPence: 3_600 },
      { netPence: 833, vatPence: 167, grossPence: 1_000 },
    ]);
    expect(f.total).toEqual({ netPence: 26_167, vatPence: 5_233, grossPence: 31_400 });
    // A reduction of nothing changes nothing.
    expect(invoiceFigures(3, 12_000, 20, [0, 0]).total).toEqual(f.line);
  });

  it('for every quantity and price: quantity × unit = net, net + VAT = charged, VAT within 0.6p a unit', () => {
    for (let quantity = 1; quantity <= 60; quantity += 1) {
      for (let gross = 30; gross <= 300_000; gross += 977) {
        const f = invoiceFigures(quantity, gross, 20);
        expect(f.quantity * f.unitNetPence).toBe(f.total.netPence);
        expect(f.total.netPence + f.total.vatPence).toBe(quantity * gross);
        // |VAT − 20% of net| ≤ 0.6p a unit, in whole numbers: |5 × VAT − net| ≤ 3p a unit.
        expect(Math.abs(5 * f.total.vatPence - f.total.netPence)).toBeLessThanOrEqual(quantity * 3);
      }
    }
  });

  it('the team price summary uses the same figures as the invoice', () => {
    expect(teamOrderPrice(2, 149_500, 20)).toEqual({
      amountPence: 299_000,
      netPence: 249_166,
      vatPence: 49_834,
      unitNetPence: 124_583,
    });
  });
});
