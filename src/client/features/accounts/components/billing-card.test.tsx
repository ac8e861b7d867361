import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithApp } from '#client/test/render.tsx';
import type { AccountOrder } from '#shared/schemas/refunds.ts';
import { BillingCard } from './billing-card.tsx';

// Billing offers each order's documents (docs/product.md#invoices-and-receipts): the VAT invoice and the credit
// notes of its refunds, or, for a refund with no invoice to credit, its refund receipt.

function order(values: Partial<AccountOrder>): AccountOrder {
  return {
    paymentId: 'pay-1',
    reference: 'TS-ABCD1234',
    courseId: 'c-1',
    courseTitle: 'Domestic Plumbing',
    plan: 'onetime',
    amountPence: 120000,
    refundedPence: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    cancellableUntil: '2026-12-04T10:00:00.000Z',
    started: false,
    cancellable: false,
    status: 'paid',
    schedule: [],
    invoice: null,
    creditNotes: [],
    refundReceipts: [],
    ...values,
  };
}

function renderBilling(orders: AccountOrder[]) {
  mockFetch((url) =>
    url === '/api/account/orders' ? jsonResponse(orders) : jsonResponse({ message: 'Not found' }, 404),
  );
  renderWithApp(<BillingCard />, { path: '/account' });
}

describe('Billing', () => {
  it("offers a refunded purchase's refund receipt as a PDF download", async () => {
    renderBilling([
      order({
        status: 'refunded',
        refundedPence: 120000,
        refundReceipts: [{ refundId: 'ref-1', amountPence: 120000, refundedAt: '2026-11-21T09:30:00.000Z' }],
      }),
    ]);
    const link = await screen.findByRole('link', { name: 'Refund receipt, £1,200.00 (PDF)' });
    expect(link).toHaveAttribute('href', '/api/refund-receipts/ref-1.pdf');
    expect(link).toHaveAttribute('download');
    expect(link).toHaveAttribute('title', expect.stringMatching(/^Refunded on /));
    expect(screen.queryByRole('link', { name: /Credit note/ })).toBeNull();
  });

  it('offers an invoiced order its VAT invoice and credit notes, and no refund receipt', async () => {
    renderBilling([
      order({
        status: 'partially_refunded',
        refundedPence: 60000,
        invoice: { id: 'inv-1', number: 'INV-000007' },
        creditNotes: [{ id: 'cn-1', number: 'CN-000003' }],
      }),
    ]);
    expect(await screen.findByRole('link', { name: 'VAT invoice INV-000007 (PDF)' })).toHaveAttribute(
      'href',
      '/api/invoices/inv-1.pdf',
    );
    expect(screen.getByRole('link', { name: 'Credit note CN-000003 (PDF)' })).toHaveAttribute(
      'href',
      '/api/credit-notes/cn-1.pdf',
    );
    expect(screen.queryByRole('link', { name: /Refund receipt/ })).toBeNull();
  });
});
