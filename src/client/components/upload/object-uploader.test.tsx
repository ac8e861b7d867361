import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const uploadObject = vi.fn();
vi.mock('#client/lib/upload.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/upload.ts')>()),
  uploadObject: (...args: unknown[]) => uploadObject(...args),
}));

const { ObjectUploader } = await import('./object-uploader.tsx');
const { UploadAbortedError } = await import('#client/lib/upload.ts');

function pick(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}
const fileOf = (size: number, name = 'clip.mp4', type = 'video/mp4') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

afterEach(() => uploadObject.mockReset());

describe('ObjectUploader', () => {
  it('refuses a file over the limit with the exact alert, without uploading', async () => {
    render(<ObjectUploader fileType="presentation" maxFileSize={100 * 1024 * 1024} buttonLabel="Upload" />);
    pick(fileOf(100 * 1024 * 1024 + 1, 'deck.pdf', 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size too large. Maximum size is 100MB');
    expect(uploadObject).not.toHaveBeenCalled();
  });

  it('defaults to 500MB, and a 5 MB limit switches the picker to images', () => {
    const { unmount } = render(<ObjectUploader />);
    expect(screen.getByText(/up to 500MB/)).toBeInTheDocument();
    unmount();
    render(<ObjectUploader maxFileSize={5 * 1024 * 1024} />);
    expect(document.querySelector('input[type=file]')).toHaveAttribute('accept', 'image/*');
  });

  it('goes idle → Uploading... with progress → idle, and reports the object path', async () => {
    let finish: (path: string) => void = () => {};
    uploadObject.mockImplementation((_file, _type, { onProgress }) => {
      onProgress({ loaded: 42, total: 100, percent: 42 });
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const onUploaded = vi.fn();
    render(<ObjectUploader fileType="video" buttonLabel="Upload Video" onUploaded={onUploaded} />);
    pick(fileOf(1000));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    await act(async () => finish('/objects/video/abc'));
    expect(onUploaded).toHaveBeenCalledWith('/objects/video/abc', expect.any(File));
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeEnabled();
    expect(screen.getByText('Uploaded clip.mp4')).toBeInTheDocument();
    expect(uploadObject.mock.calls[0]![1]).toBe('video');
  });

  it('with several types, stores each file as the type its content matches, under that type’s limit', async () => {
    uploadObject.mockResolvedValue('/objects/x');
    render(<ObjectUploader fileType={['image', 'document']} />);
    expect(screen.getByText(/JPEG, PNG or WebP up to 5MB · PDF up to 20MB/)).toBeInTheDocument();
    expect(document.querySelector('input[type=file]')?.getAttribute('accept')).toContain('application/pdf');
    pick(fileOf(6 * 1024 * 1024, 'sheet.pdf', 'application/pdf'));
    await screen.findByText('Uploaded sheet.pdf');
    expect(uploadObject.mock.calls[0]![1]).toBe('document');
    pick(fileOf(1000, 'site.png', 'image/png'));
    await screen.findByText('Uploaded site.png');
    expect(uploadObject.mock.calls[1]![1]).toBe('image');
    pick(fileOf(6 * 1024 * 1024, 'big.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size too large. Maximum size is 5MB');
    expect(uploadObject).toHaveBeenCalledTimes(2);
  });

  it('shows "Upload failed. Please try again." on failure, and nothing on cancel', async () => {
    uploadObject.mockRejectedValueOnce(new Error('500: boom'));
    const onError = vi.fn();
    render(<ObjectUploader fileType="video" onError={onError} />);
    pick(fileOf(10));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed. Please try again.');
    expect(onError).toHaveBeenCalled();

    uploadObject.mockImplementationOnce(
      (_f, _t, { signal }: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new UploadAbortedError())),
        ),
    );
    pick(fileOf(10));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByRole('button', { name: 'Upload file' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
