import { Award, Braces, Copy, Download, ExternalLink, Share2 } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatDate } from '#shared/format.ts';
import type { Certificate } from '#shared/schemas/certificates.ts';
import { badgeUrl, copyVerificationLink, pdfUrl, useCertificates } from '../api/certificates.ts';

function hours(value: number): string {
  return `${value} CPD ${value === 1 ? 'hour' : 'hours'}`;
}

// Share actions: full-width rows, so the labels fit the dashboard's narrow side panel at any width.
const share = 'w-full justify-start text-navy-700 [&_svg]:text-safety-600';

function CertificateItem({ certificate }: { certificate: Certificate }) {
  const revoked = certificate.status === 'revoked';
  return (
    <li className="rounded-lg border border-border p-3" data-testid="certificate">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold leading-snug text-navy-900">{certificate.courseTitle}</p>
        {revoked ? <Badge variant="destructive">Revoked</Badge> : <Badge variant="success">Valid</Badge>}
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        Completed {formatDate(certificate.completedAt)}
        {certificate.cpdHours > 0 ? ` · ${hours(certificate.cpdHours)}` : ''}
      </p>
      {revoked ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Revoked on {formatDate(certificate.revokedAt!)}. Contact support if you think this is a mistake.
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-1">
          <Button asChild size="sm" className="mb-1 w-full">
            <a href={pdfUrl(certificate)} download>
              <Download aria-hidden="true" /> Download PDF
            </a>
          </Button>
          <Button asChild size="sm" variant="ghost" className={share}>
            <a href={certificate.linkedInUrl} target="_blank" rel="noopener noreferrer">
              <Share2 aria-hidden="true" /> Add to LinkedIn
            </a>
          </Button>
          <Button asChild size="sm" variant="ghost" className={share}>
            <a href={badgeUrl(certificate)} download={`tradeskills-badge-${certificate.code}.json`}>
              <Braces aria-hidden="true" /> Download badge JSON
            </a>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className={share}
            onClick={() => void copyVerificationLink(certificate)}
          >
            <Copy aria-hidden="true" /> Copy verification link
          </Button>
          <Button asChild size="sm" variant="ghost" className={share}>
            <a href={certificate.verifyUrl} target="_blank" rel="noopener">
              <ExternalLink aria-hidden="true" /> View public page
            </a>
          </Button>
        </div>
      )}
    </li>
  );
}

/** The dashboard's certificates: one per completed course, with download and share actions. */
export function CertificatesCard() {
  const certificates = useCertificates();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Award aria-hidden="true" className="size-4 text-safety-600" />
          My Certificates
        </CardTitle>
      </CardHeader>
      <CardContent>
        {certificates.isLoading ? (
          <Skeleton className="h-24" />
        ) : (certificates.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Complete every topic of a course to earn its CPD certificate of completion.
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="My certificates">
            {certificates.data?.map((c) => (
              <CertificateItem key={c.id} certificate={c} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
