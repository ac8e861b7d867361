import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithApp } from '#client/test/render.tsx';
import type { Certificate } from '#shared/schemas/certificates.ts';
import { CertificatesCard } from './certificates-card.tsx';

const valid: Certificate = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  code: 'AbCdEfGhIjKlMnOpQrStUvWx',
  courseId: 'c1',
  courseTitle: 'Safe Isolation Essentials',
  holderName: 'Ceri Ellis-Jones',
  completedAt: '2026-11-20T10:00:00.000Z',
  issuedAt: '2026-11-20T10:00:01.000Z',
  verifyUrl: 'https://tradeskills.example/certificates/AbCdEfGhIjKlMnOpQrStUvWx',
  cpdHours: 1.5,
  status: 'valid',
  revokedAt: null,
  linkedInUrl:
    'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&certId=AbCdEfGhIjKlMnOpQrStUvWx',
};

describe('CertificatesCard', () => {
  it('explains how to earn one when there are none', async () => {
    mockFetch(() => jsonResponse([]));
    renderWithApp(<CertificatesCard />);
    expect(await screen.findByText(/Complete every topic of a course/)).toBeInTheDocument();
  });

  it('offers the PDF, LinkedIn, the badge JSON and the verification link for a valid certificate', async () => {
    mockFetch(() => jsonResponse([valid]));
    renderWithApp(<CertificatesCard />);
    const item = within(await screen.findByTestId('certificate'));
    expect(item.getByText('Completed 20/11/2026 · 1.5 CPD hours')).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/certificates/${valid.id}/pdf`,
    );
    expect(item.getByRole('link', { name: 'Add to LinkedIn' })).toHaveAttribute('href', valid.linkedInUrl);
    expect(item.getByRole('link', { name: 'Download badge JSON' })).toHaveAttribute(
      'href',
      `/api/certificates/${valid.code}/credential`,
    );
    // userEvent provides the clipboard the page writes to.
    const user = userEvent.setup();
    await user.click(item.getByRole('button', { name: 'Copy verification link' }));
    expect(await navigator.clipboard.readText()).toBe(valid.verifyUrl);
    expect(await screen.findByText('Verification link copied')).toBeInTheDocument();
  });

  it('marks a revoked certificate and offers no downloads', async () => {
    mockFetch(() => jsonResponse([{ ...valid, status: 'revoked', revokedAt: '2026-11-22T09:00:00.000Z' }]));
    renderWithApp(<CertificatesCard />);
    const item = within(await screen.findByTestId('certificate'));
    expect(item.getByText('Revoked')).toBeInTheDocument();
    expect(item.getByText(/Revoked on 22\/11\/2026/)).toBeInTheDocument();
    expect(item.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });
});
