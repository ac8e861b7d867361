import { CheckCircle2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { apiJson } from '#client/lib/api-client.ts';
import type { FileType } from '#shared/constants.ts';

const ACCEPT: Record<FileType, string> = {
  image: 'image/*',
  video: 'video/*',
  presentation:
    '.pdf,.ppt,.pptx,application/pdf,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * Upload control (spec §2 'Generic file upload control'): idle → 'Uploading...' → idle. Asks the server for a
 * signed target, sends the file there with PUT, then hands back the object path.
 */
export function MediaUpload({
  fileType,
  maxFileSize,
  buttonLabel,
  onUploaded,
  onError,
}: {
  fileType: FileType;
  maxFileSize: number;
  buttonLabel: string;
  onUploaded: (objectPath: string) => void | Promise<void>;
  onError?: (stage: 'url' | 'upload', error: unknown) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxFileSize) {
      window.alert(`File size too large. Maximum size is ${Math.round(maxFileSize / 1024 / 1024)}MB`);
      return;
    }
    setBusy(true);
    try {
      let target: { uploadURL: string; objectPath: string };
      try {
        target = await apiJson('POST', '/api/objects/upload', { fileType });
      } catch (error) {
        onError?.('url', error);
        return;
      }
      try {
        const res = await fetch(target.uploadURL, {
          method: 'PUT',
          body: file,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
          credentials: 'include',
        });
        if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
        await onUploaded(target.objectPath);
      } catch (error) {
        if (onError) onError('upload', error);
        else window.alert('Upload failed. Please try again.');
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT[fileType]}
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid={`upload-${fileType}`}
      />
      <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        <Upload /> {busy ? 'Uploading...' : buttonLabel}
      </Button>
    </>
  );
}

export function UploadedConfirmation({ label }: { label: string }) {
  return (
    <span className="inline-flex h-9 items-center gap-1.5 rounded-md bg-green-50 px-3 text-sm font-medium text-green-800">
      <CheckCircle2 aria-hidden="true" className="size-4" /> {label}
    </span>
  );
}
