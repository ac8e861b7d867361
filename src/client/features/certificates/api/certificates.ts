import { useQuery } from '@tanstack/react-query';
import { toast } from '#client/lib/toast.ts';
import type { Certificate } from '#shared/schemas/certificates.ts';

export const CERTIFICATES_KEY = ['/api/certificates'] as const;

/** The signed-in student's certificates (the default query function fetches the key's URL). */
export function useCertificates() {
  return useQuery<Certificate[]>({ queryKey: CERTIFICATES_KEY });
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
