// VAT on our prices, which are VAT inclusive (what the buyer is charged), worked out so that an invoice adds up:
// quantity × unit price = net, net + VAT = what was charged (README 'Invoices and VAT rounding';
// docs/product.md#invoices-and-receipts). The rules are HMRC's (VAT Notice 700 §17): VAT is worked out per unit
// (the VAT fraction, rate / (100 + rate), of the unit's price) and rounded to the nearest penny, never down to nil
// on a standard-rated unit; the line's VAT is the units' VAT. A reduction below the line (a team price tier, a
// discount code) is a line of its own whose VAT is worked out on it the same way. Every figure is whole pence in
// integer arithmetic: no binary fractions.

/** The VAT in a VAT-inclusive amount: the VAT fraction, to the nearest penny (half a penny up). */
export function vatOfGross(grossPence: number, vatRate: number): number {
  if (vatRate <= 0 || grossPence === 0) return 0;
  const sign = grossPence < 0 ? -1 : 1;
  const gross = Math.abs(grossPence);
  const vat = Math.floor((2 * gross * vatRate + (100 + vatRate)) / (2 * (100 + vatRate)));
  return sign * vat;
}

/** One unit's price split into net and VAT; a standard-rated unit of 2p or more never carries nil VAT. */
export function unitSplit(
  unitGrossPence: number,
  vatRate: number,
): { unitNetPence: number; unitVatPence: number } {
  let unitVatPence = vatOfGross(unitGrossPence, vatRate);
  if (vatRate > 0 && unitVatPence === 0 && unitGrossPence >= 2) unitVatPence = 1;
  return { unitNetPence: unitGrossPence - unitVatPence, unitVatPence };
}

export interface VatAmounts {
  netPence: number;
  vatPence: number;
  grossPence: number;
}

export interface InvoiceFigures {
  quantity: number;
  /** The unit price excluding VAT, whole pence. */
  unitNetPence: number;
  /** quantity × unitNetPence, and its VAT (quantity × the unit's VAT): the line before reductions. */
  line: VatAmounts;
  /** Each reduction as positive amounts, in the order given. */
  reductions: VatAmounts[];
  /** The invoice's totals: the line less the reductions. grossPence is what is charged. */
  total: VatAmounts;
}

/**
 * The figures of an invoice for `quantity` units at `unitGrossPence` each (VAT included), less reductions given
 * VAT included. total.grossPence = quantity × unitGrossPence − the reductions, exactly: the price charged.
 */
export function invoiceFigures(
  quantity: number,
  unitGrossPence: number,
  vatRate: number,
  reductionsGrossPence: readonly number[] = [],
): InvoiceFigures {
  const { unitNetPence, unitVatPence } = unitSplit(unitGrossPence, vatRate);
  const line = {
    netPence: quantity * unitNetPence,
    vatPence: quantity * unitVatPence,
    grossPence: quantity * unitGrossPence,
  };
  const reductions = reductionsGrossPence.map((grossPence) => {
    const vatPence = vatOfGross(grossPence, vatRate);
    return { netPence: grossPence - vatPence, vatPence, grossPence };
  });
  const less = (key: keyof VatAmounts) => line[key] - reductions.reduce((sum, r) => sum + r[key], 0);
  return {
    quantity,
    unitNetPence,
    line,
    reductions,
    total: { netPence: less('netPence'), vatPence: less('vatPence'), grossPence: less('grossPence') },
  };
}
