import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatDate } from '#shared/format.ts';
import {
  type Certificate,
  type RevokeCertificateInput,
  revokeCertificateSchema,
} from '#shared/schemas/certificates.ts';
import { adminApi, errorToast, successToast } from '../api/admin-api.ts';

const certificatesKey = (userId: string) => ['/api/admin/certificates', { userId }] as const;

function RevokeForm({ certificate, onDone }: { certificate: Certificate; onDone: () => void }) {
  const client = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RevokeCertificateInput>({
    resolver: zodResolver(revokeCertificateSchema),
    defaultValues: { reason: '' },
  });
  const revoke = useMutation({
    mutationFn: (input: RevokeCertificateInput) => adminApi.revokeCertificate(certificate.id, input),
    onSuccess: () => {
      successToast('Certificate revoked');
      void client.invalidateQueries({ queryKey: ['/api/admin/certificates'] });
      onDone();
    },
    onError: (error) => errorToast('Failed to revoke certificate', error),
  });
  const id = `revoke-reason-${certificate.id}`;
  return (
    <form onSubmit={handleSubmit((values) => revoke.mutate(values))} noValidate className="mt-3 grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Reason for revoking
      </label>
      <Input
        id={id}
        aria-invalid={Boolean(errors.reason)}
        aria-describedby={`${id}-error`}
        placeholder="e.g. Quiz answers were shared"
        {...register('reason')}
      />
      <FieldError id={`${id}-error`}>{errors.reason?.message}</FieldError>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" size="sm" disabled={revoke.isPending}>
          Revoke certificate
        </Button>
      </div>
    </form>
  );
}

function CertificateRow({ certificate }: { certificate: Certificate }) {
  const client = useQueryClient();
  const [revoking, setRevoking] = useState(false);
  const reissue = useMutation({
    mutationFn: () => adminApi.reissueCertificate(certificate.id),
    onSuccess: () => {
      successToast('New certificate issued and emailed; the old code is revoked');
      void client.invalidateQueries({ queryKey: ['/api/admin/certificates'] });
    },
    onError: (error) => errorToast('Failed to reissue certificate', error),
  });
  const valid = certificate.status === 'valid';
  return (
    <li className="rounded-lg border border-border p-3" data-testid="admin-certificate">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">{certificate.courseTitle}</p>
          <p className="text-xs text-muted-foreground">
            Issued {formatDate(certificate.issuedAt)} · {certificate.cpdHours} CPD hours ·{' '}
            <a className="break-all underline" href={certificate.verifyUrl} target="_blank" rel="noopener">
              {certificate.code}
            </a>
          </p>
          {!valid ? (
            <p className="mt-1 text-xs text-muted-foreground">
              Revoked {formatDate(certificate.revokedAt!)}: {certificate.revocationReason}
            </p>
          ) : null}
        </div>
        <Badge className="shrink-0" variant={valid ? 'success' : 'destructive'}>
          {valid ? 'Valid' : 'Revoked'}
        </Badge>
      </div>
      {valid && !revoking ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={reissue.isPending} onClick={() => reissue.mutate()}>
            <RefreshCw aria-hidden="true" /> Reissue
          </Button>
          <Button size="sm" variant="outline" onClick={() => setRevoking(true)}>
            Revoke
          </Button>
        </div>
      ) : null}
      {revoking ? <RevokeForm certificate={certificate} onDone={() => setRevoking(false)} /> : null}
    </li>
  );
}

/** A student's certificates in the admin console: reissue (new code, old revoked) or revoke with a reason. */
export function StudentCertificatesDialog({
  userId,
  name,
  open,
  onOpenChange,
}: {
  userId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const certificates = useQuery({
    queryKey: certificatesKey(userId),
    queryFn: () => adminApi.certificatesOf(userId),
    enabled: open,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Certificates of {name}</DialogTitle>
          <DialogDescription>
            Issued automatically when the student completes every topic of a course.
          </DialogDescription>
        </DialogHeader>
        {certificates.isLoading ? (
          <Skeleton className="h-20" />
        ) : (certificates.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">No certificates yet.</p>
        ) : (
          <ul className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
            {certificates.data?.map((c) => (
              <CertificateRow key={c.id} certificate={c} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
