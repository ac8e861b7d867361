import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '#client/test/render.tsx';
import { TeamOrderForm } from './team-order-form.tsx';

const props = { courseId: 'c', unitPricePence: 12000, busy: false, onSubmit: () => {} };

describe('TeamOrderForm price summary', () => {
  it('shows net and VAT when the supplier is VAT registered', () => {
    renderWithApp(<TeamOrderForm {...props} vatRate={20} vatRegistered />);
    expect(screen.getByText('Net (excl. VAT)')).toBeInTheDocument();
    expect(screen.getByText('VAT at 20%')).toBeInTheDocument();
    expect(screen.getByText('Total (VAT included)')).toBeInTheDocument();
    expect(screen.queryByTestId('no-vat')).toBeNull();
  });

  it('charges no VAT and says so when the supplier is not VAT registered', () => {
    renderWithApp(<TeamOrderForm {...props} vatRate={0} vatRegistered={false} />);
    expect(screen.getByTestId('no-vat')).toHaveTextContent(
      'No VAT is charged: we are not registered for VAT.',
    );
    expect(screen.queryByText(/VAT at/)).toBeNull();
    expect(screen.getByText('Total')).toBeInTheDocument();
  });
});
