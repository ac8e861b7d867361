import { CircleAlert, CircleCheck, CloudUpload, X } from 'lucide-react';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { isUploadAborted, uploadObject } from '#client/lib/upload.ts';
import { cn } from '#client/lib/utils.ts';
import { type FileType, IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES } from '#shared/constants.ts';
import { ACCEPT_BY_TYPE, CONTENT_TYPES_BY_TYPE, MAX_BYTES_BY_TYPE } from '#shared/schemas/media.ts';

export const UPLOAD_FAILED_MESSAGE = 'Upload failed. Please try again.';
export const sizeTooLargeMessage = (maxBytes: number) =>
  `File size too large. Maximum size is ${Math.round(maxBytes / (1024 * 1024))}MB`;

const TYPE_HINTS: Record<FileType, string> = {
  image: 'JPEG, PNG or WebP',
  video: 'MP4 recommended',
  presentation: 'PDF, PPT or PPTX',
  document: 'PDF',
  package: 'SCORM 1.2 or 2004 zip',
  captions: 'WebVTT (.vtt)',
};

/** Which of `types` a picked file is stored as: the first whose content types include the file's. */
export function fileTypeFor(file: File, types: readonly FileType[]): FileType {
  const byExtension = /\.pdf$/i.test(file.name) ? 'application/pdf' : '';
  const contentType = file.type || byExtension;
  return types.find((type) => CONTENT_TYPES_BY_TYPE[type].includes(contentType)) ?? types[0]!;
}

export interface ObjectUploaderProps {
  /**
   * What the server should accept; images only when omitted and the limit is 5 MB or less. Several types (e.g.
   * a photo or a PDF) let the file's own content type choose, each with its own size limit.
   */
  fileType?: FileType | readonly FileType[];
  /** Bytes; default 500 MB (docs/product.md#uploads-and-media). A limit of 5 MB or less switches the picker to images. */
  maxFileSize?: number;
  /** Overrides the picker's file filter. */
  accept?: string;
  /** The idle button's text. */
  buttonLabel?: ReactNode;
  /** Heading of the drop area; defaults to the button label. */
  label?: ReactNode;
  /** Line under the heading; defaults to the allowed types and the limit. */
  hint?: ReactNode;
  /** Called with the object path (`/objects/...`) once the file is stored. */
  onUploaded?: (objectPath: string, file: File) => void | Promise<void>;
  /** Called when the upload fails (not on cancel), after the alert is shown. */
  onError?: (error: unknown) => void;
  disabled?: boolean;
  className?: string;
}

type State =
  | { status: 'idle' }
  | { status: 'uploading'; file: File; percent: number }
  | { status: 'done'; file: File }
  | { status: 'error'; message: string };

/**
 * The generic upload control of docs/product.md#uploads-and-media: one file; idle → 'Uploading...' → idle; the size alert
 * 'File size too large. Maximum size is {N}MB'; 'Upload failed. Please try again.' on failure.
 * Adds a drop area, a progress bar with percentage and a cancel button.
 */
export function ObjectUploader({
  fileType,
  maxFileSize = UPLOAD_MAX_BYTES,
  accept,
  buttonLabel = 'Upload file',
  label,
  hint,
  onUploaded,
  onError,
  disabled = false,
  className,
}: ObjectUploaderProps) {
  const imagesOnly = maxFileSize <= IMAGE_MAX_BYTES;
  const several = Array.isArray(fileType) ? (fileType as readonly FileType[]) : null;
  const type: FileType =
    several?.[0] ?? (fileType as FileType | undefined) ?? (imagesOnly ? 'image' : 'video');
  const pickerAccept =
    accept ??
    (several
      ? several.map((t) => ACCEPT_BY_TYPE[t]).join(',')
      : imagesOnly
        ? 'image/*'
        : ACCEPT_BY_TYPE[type]);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const ids = useId();
  const uploading = state.status === 'uploading';

  useEffect(() => () => controllerRef.current?.abort(), []);

  async function start(file: File | undefined) {
    if (!file || uploading || disabled) return;
    const fileTypeOfFile = several ? fileTypeFor(file, several) : type;
    const limit = several ? MAX_BYTES_BY_TYPE[fileTypeOfFile] : maxFileSize;
    if (file.size > limit) {
      setState({ status: 'error', message: sizeTooLargeMessage(limit) });
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ status: 'uploading', file, percent: 0 });
    try {
      const objectPath = await uploadObject(file, fileTypeOfFile, {
        signal: controller.signal,
        onProgress: ({ percent }) =>
          setState((s) => (s.status === 'uploading' && s.file === file ? { ...s, percent } : s)),
      });
      await onUploaded?.(objectPath, file);
      if (!controller.signal.aborted) setState({ status: 'done', file });
    } catch (error) {
      if (isUploadAborted(error) || controller.signal.aborted) {
        setState({ status: 'idle' });
        return;
      }
      setState({ status: 'error', message: UPLOAD_FAILED_MESSAGE });
      onError?.(error);
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  }

  function onDrop(event: DragEvent<HTMLFieldSetElement>) {
    event.preventDefault();
    setDragging(false);
    if (uploading || disabled) return;
    void start(event.dataTransfer.files[0]);
  }

  const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))}MB`;
  const heading = label ?? buttonLabel;
  const hintText =
    hint ??
    (several
      ? several.map((t) => `${TYPE_HINTS[t]} up to ${megabytes(MAX_BYTES_BY_TYPE[t])}`).join(' · ')
      : `${imagesOnly && !fileType ? 'Images' : TYPE_HINTS[type]} · up to ${megabytes(maxFileSize)}`);

  return (
    <div className={cn('w-full', className)}>
      <fieldset
        aria-labelledby={`${ids}-label`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!uploading && !disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-busy={uploading}
        className={cn(
          '@container min-w-0 rounded-lg border-2 border-dashed border-border bg-card p-4 transition-colors',
          dragging && 'border-accent bg-safety-50',
          disabled && 'opacity-60',
        )}
      >
        <div className="flex flex-col gap-3 @md:flex-row @md:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700"
            >
              <CloudUpload className="size-5" />
            </span>
            <div className="min-w-0">
              <p id={`${ids}-label`} className="text-sm font-semibold break-words text-foreground">
                {heading}
              </p>
              <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
                {hintText}
                <span className="hidden @lg:inline"> · or drop it here</span>
              </p>
            </div>
          </div>
          <Button
            variant="outline"
            className="w-full @md:w-auto"
            disabled={uploading || disabled}
            aria-describedby={`${ids}-hint`}
            onClick={() => inputRef.current?.click()}
          >
            {uploading ? 'Uploading...' : buttonLabel}
          </Button>
          <input
            ref={inputRef}
            type="file"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            accept={pickerAccept}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              void start(file);
            }}
          />
        </div>

        {state.status === 'uploading' ? (
          <div className="mt-3 flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <div className="mb-1 flex items-baseline justify-between gap-2 text-xs">
                <span className="truncate font-medium text-foreground">{state.file.name}</span>
                <span className="shrink-0 tabular-nums text-muted-foreground" aria-hidden="true">
                  {state.percent}%
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`Uploading ${state.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={state.percent}
                aria-valuetext={`${state.percent}%`}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-accent transition-[width] duration-200 ease-out"
                  style={{ width: `${state.percent}%` }}
                />
              </div>
            </div>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Cancel upload"
              onClick={() => controllerRef.current?.abort()}
            >
              <X />
            </Button>
          </div>
        ) : null}
      </fieldset>

      <div aria-live="polite" className="empty:hidden">
        {/* Screen readers hear the progress in quarters, not every percent (README 'Accessibility'). */}
        {state.status === 'uploading' ? (
          <span className="sr-only">
            Uploading {state.file.name}: {Math.floor(state.percent / 25) * 25}%
          </span>
        ) : null}
        {state.status === 'done' ? (
          <p className="mt-2 flex items-center gap-1.5 text-sm text-emerald-700">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">Uploaded {state.file.name}</span>
          </p>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <p role="alert" className="mt-2 flex items-center gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
