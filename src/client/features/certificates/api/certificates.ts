import { useQuery } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import { toast } from '#client/lib/toast.ts';
import type { Certificate } from '#shared/schemas/certificates.ts';

export const CERTIFICATES_KEY = ['/api/certificates'] as const;

/** The signed-in student's certificates. */
export function useCertificates() {
  return useQuery({
    queryKey: CERTIFICATES_KEY,
    queryFn: () => apiJson<Certificate[]>('GET', '/api/certificates'),
  });
}

export const pdfUrl = (certificate: Certificate) => `/api/certificates/${certificate.id}/pdf`;
export const badgeUrl = (certificate: Certificate) => `/api/certificates/${certificate.code}/credential`;

export async function copyVerificationLink(certificate: Certificate): Promise<void> {
  try {
    await navigator.clipboard.writeText(certificate.verifyUrl);
    toast({ title: 'Verification link copied', description: certificate.verifyUrl });
  } catch {
    toast({
      title: 'Could not copy the link',
      description: certificate.verifyUrl,
      variant: 'destructive',
    });
  }
}
