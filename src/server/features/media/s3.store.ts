import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '#server/config.ts';
import { isStoreKey, type ObjectInfo, type ObjectStore, type UploadURLRequest } from './object.store.ts';

export const S3_GET_URL_TTL_SECONDS = 5 * 60;

type S3Settings = NonNullable<AppConfig['s3']>;

/**
 * Any S3-compatible bucket. The browser PUTs straight to a presigned URL (Content-Type and, when the client
 * told us the size, Content-Length are part of the signature); the server then checks size and magic bytes
 * with a HEAD and a ranged GET before the object can be attached. Reads are redirects to presigned GETs.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // Custom endpoints (MinIO, R2, s3rver...) rarely have per-bucket DNS names.
      forcePathStyle: Boolean(settings.endpoint),
      // Streamed puts (unpacked SCORM files) go with their Content-Length and no checksum trailer, which
      // S3-compatible servers without aws-chunked support would store as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  private check(key: string): string {
    if (!isStoreKey(key)) throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
    return key;
  }

  async createUploadURL(request: UploadURLRequest) {
    const expiresIn = Math.max(1, Math.round((request.expiresAt.getTime() - Date.now()) / 1000));
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.check(request.key),
      ContentType: request.contentType,
      ContentLength: request.size,
    });
    const signableHeaders = new Set<string>();
    const headers: Record<string, string> = {};
    if (request.contentType) {
      signableHeaders.add('content-type');
      headers['Content-Type'] = request.contentType;
    }
    if (request.size !== undefined) signableHeaders.add('content-length');
    const url = await getSignedUrl(this.client, command, { expiresIn, signableHeaders });
    return { url, headers };
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.check(key) }),
      );
      return { size: Number(head.ContentLength ?? 0), lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey')
        return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer> {
    return this.readRange(key, 0, length);
  }

  async readRange(key: string, start: number, length: number): Promise<Buffer> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.check(key),
        Range: `bytes=${start}-${start + length - 1}`,
      }),
    );
    const bytes = await res.Body?.transformToByteArray();
    return Buffer.from(bytes ?? []).subarray(0, length);
  }

  async read(key: string): Promise<Readable> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.check(key) }));
    return res.Body as Readable;
  }

  async put(key: string, body: Readable, contentType: string, size: number): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.check(key),
        Body: body,
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.check(key) }));
  }

  /** A short-lived GET for the browser, with our Content-Type and Content-Disposition. */
  async presignGet(key: string, contentType: string | null, disposition: string | undefined) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.check(key),
      ResponseContentType: contentType ?? undefined,
      ResponseContentDisposition: disposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: S3_GET_URL_TTL_SECONDS });
  }
}
