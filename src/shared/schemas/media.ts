import { z } from 'zod';
import {
  CAPTIONS_MAX_BYTES,
  DOCUMENT_MAX_BYTES,
  FILE_TYPES,
  type FileType,
  IMAGE_MAX_BYTES,
  PACKAGE_MAX_BYTES,
  PRESENTATION_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from '../constants.ts';
import { text } from './common.ts';

/** Largest file each upload type accepts (docs/product.md#uploads-and-media); the server enforces it while the bytes stream in. */
export const MAX_BYTES_BY_TYPE: Record<FileType, number> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  presentation: PRESENTATION_MAX_BYTES,
  document: DOCUMENT_MAX_BYTES,
  package: PACKAGE_MAX_BYTES,
  captions: CAPTIONS_MAX_BYTES,
};

/** Content types each upload type accepts; the file's magic bytes must agree (docs/decisions/0008-signed-direct-uploads.md). */
export const CONTENT_TYPES_BY_TYPE: Record<FileType, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  presentation: [
    'application/pdf',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  document: ['application/pdf'],
  // Windows browsers label zips application/x-zip-compressed.
  package: ['application/zip', 'application/x-zip-compressed'],
  captions: ['text/vtt'],
};

/** What a file picker should offer for each type (extensions help browsers that lack a MIME type). */
export const ACCEPT_BY_TYPE: Record<FileType, string> = {
  image: 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp',
  video: 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov',
  presentation: `${CONTENT_TYPES_BY_TYPE.presentation.join(',')},.pdf,.ppt,.pptx`,
  document: 'application/pdf,.pdf',
  package: 'application/zip,application/x-zip-compressed,.zip',
  captions: 'text/vtt,.vtt',
};

export const fileTypeSchema = z.enum(FILE_TYPES);

/** POST /api/objects/upload. Only fileType is required (docs/product.md#api-calls); the rest lets the server sign tighter. */
export const uploadRequestSchema = z.object({
  fileType: fileTypeSchema.default('image'),
  contentType: text().max(200).optional(),
  fileName: text().max(255).optional(),
  size: z.number().int().min(0).optional(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadTargetSchema = z.object({
  uploadURL: text(),
  objectPath: text(),
  /** Headers the PUT must send (S3 signs Content-Type when it is known). */
  headers: z.record(text(), text()).optional(),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

/** POST /api/objects/complete: confirms the PUT landed (S3 checks size and magic bytes here). */
export const completeUploadSchema = z.object({ objectPath: text().min(1).max(500) });

export const storedObjectSchema = z.object({
  objectPath: text(),
  fileType: fileTypeSchema,
  contentType: text().nullable(),
  size: z.number().nullable(),
  originalName: text().nullable(),
  status: z.enum(['pending', 'uploaded']),
  attached: z.boolean(),
  createdAt: text(),
});
export type StoredObject = z.infer<typeof storedObjectSchema>;
export const storedObjectListSchema = z.array(storedObjectSchema);

const objectRef = text().trim().min(1, 'A file is required').max(2000);
export const topicVideoSchema = z.object({
  videoURL: objectRef,
  /** Measured by the browser from the file's metadata; the server keeps it when plausible. */
  durationSeconds: z
    .number()
    .positive()
    .max(24 * 3600)
    .optional(),
});
export const topicPresentationSchema = z.object({ presentationURL: objectRef });
/** PUT /api/topics/:id/captions: a WebVTT file uploaded as type `captions` (README 'Accessibility'). */
export const topicCaptionsSchema = z.object({ objectKey: objectRef });
export const courseImageSchema = z.object({ imageURL: objectRef });

export const mediaTopicSchema = z.object({
  id: text(),
  moduleId: text(),
  title: text(),
  description: text(),
  order: z.number().int(),
  videoPath: text().nullable(),
  videoDurationSeconds: z.number().int().nullable(),
  presentationPath: text().nullable(),
  captionsPath: text().nullable(),
});

/** GET /api/media/topics: every topic with where it sits, for the admin media library. */
export const mediaTopicListSchema = z.array(
  mediaTopicSchema.extend({ courseId: text(), courseTitle: text(), moduleTitle: text() }),
);
export type MediaTopicListItem = z.infer<typeof mediaTopicListSchema>[number];
