/**
 * The persisted media jobs (table `jobs`). A job's id is `<kind>:<itemId>`, so an item has at most
 * one job of each kind; asking again replaces the job and its ticket. The ticket tells a waiting
 * request whether the job that ran was its own.
 */
import type { LibraryDb } from '../storage/library-db';
import type { JobRow } from '../storage/rows';

/** Make the thumbnail, dimensions, size and palette from the item's original. */
export const THUMBNAIL_JOB = 'thumbnail';
/** Make the thumbnail and palette from another image (item/setCustomThumbnail). */
export const CUSTOM_THUMBNAIL_JOB = 'customThumbnail';

/** Make the visual descriptor from the stored thumbnail (libraries made before descriptors existed). */
export const DESCRIPTOR_JOB = 'descriptor';

/** Find the objects in the item's picture (the page's media worker runs the detector). */
export const OBJECTS_JOB = 'objects';

/** Embed the item's metadata text with the sentence encoder (the page's media worker runs it). */
export const TEXT_JOB = 'text';
/** Find the text inside the item: its plain-text file read here, its picture read by OCR in the page's media worker. */
export const CONTENT_TEXT_JOB = 'contentText';
/** Embed the item's picture with the user's CLIP model (the page's CLIP worker runs it). */
export const CLIP_JOB = 'clip';

/** How a job a request waited for ended (media-queue.ts `wait`). */
export type JobWait =
  | { status: 'done' }
  | { status: 'undecodable'; reason: string }
  | { status: 'failed'; reason: string }
  | { status: 'timeout' };

export interface ThumbnailPayload {
  ticket: string;
  /** item/refreshThumbnail replaces a custom thumbnail; the job queued at add time keeps it. */
  replaceCustom: boolean;
}

export interface CustomThumbnailPayload {
  ticket: string;
  source: Blob;
  mime: string;
  /** item/setCustomThumbnail's width and height, for an item whose file gives none: kept only if the image decodes. */
  dimensions?: { width: number; height: number };
}

export interface ThumbnailJob extends JobRow {
  kind: typeof THUMBNAIL_JOB;
  payload: ThumbnailPayload;
}

export interface CustomThumbnailJob extends JobRow {
  kind: typeof CUSTOM_THUMBNAIL_JOB;
  payload: CustomThumbnailPayload;
}

export interface DescriptorJob extends JobRow {
  kind: typeof DESCRIPTOR_JOB;
  payload: { ticket: string };
}

export interface ObjectsJob extends JobRow {
  kind: typeof OBJECTS_JOB;
  payload: { ticket: string };
}

export interface TextJob extends JobRow {
  kind: typeof TEXT_JOB;
  payload: { ticket: string };
}

export interface ContentTextJob extends JobRow {
  kind: typeof CONTENT_TEXT_JOB;
  payload: { ticket: string };
}

export interface ClipJob extends JobRow {
  kind: typeof CLIP_JOB;
  payload: { ticket: string; model: string };
}

export type MediaJob = ThumbnailJob | CustomThumbnailJob | DescriptorJob | ObjectsJob | TextJob | ClipJob | ContentTextJob;

export const jobId = (kind: string, itemId: string) => `${kind}:${itemId}`;

/** Unique enough to tell two requests for the same job apart (no crypto: http origins lack randomUUID). */
export const newTicket = (now: number) => `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function thumbnailJob(itemId: string, now: number, replaceCustom: boolean): ThumbnailJob {
  return {
    id: jobId(THUMBNAIL_JOB, itemId),
    kind: THUMBNAIL_JOB,
    itemId,
    createdAt: now,
    attempts: 0,
    lastError: '',
    payload: { ticket: newTicket(now), replaceCustom },
  };
}

export function customThumbnailJob(itemId: string, now: number, source: Blob, mime: string, dimensions?: CustomThumbnailPayload['dimensions']): CustomThumbnailJob {
  return {
    id: jobId(CUSTOM_THUMBNAIL_JOB, itemId),
    kind: CUSTOM_THUMBNAIL_JOB,
    itemId,
    createdAt: now,
    attempts: 0,
    lastError: '',
    payload: { ticket: newTicket(now), source, mime, ...(dimensions ? { dimensions } : {}) },
  };
}

export function descriptorJob(itemId: string, now: number): DescriptorJob {
  return { id: jobId(DESCRIPTOR_JOB, itemId), kind: DESCRIPTOR_JOB, itemId, createdAt: now, attempts: 0, lastError: '', payload: { ticket: newTicket(now) } };
}

export function objectsJob(itemId: string, now: number): ObjectsJob {
  return { id: jobId(OBJECTS_JOB, itemId), kind: OBJECTS_JOB, itemId, createdAt: now, attempts: 0, lastError: '', payload: { ticket: newTicket(now) } };
}

export function textJob(itemId: string, now: number): TextJob {
  return { id: jobId(TEXT_JOB, itemId), kind: TEXT_JOB, itemId, createdAt: now, attempts: 0, lastError: '', payload: { ticket: newTicket(now) } };
}

export function contentTextJob(itemId: string, now: number): ContentTextJob {
  return { id: jobId(CONTENT_TEXT_JOB, itemId), kind: CONTENT_TEXT_JOB, itemId, createdAt: now, attempts: 0, lastError: '', payload: { ticket: newTicket(now) } };
}

/** Jobs that change the item's thumbnail (its state is `pending` while one is queued). */
export function isThumbnailJob(job: JobRow | undefined): job is ThumbnailJob | CustomThumbnailJob {
  return job?.kind === THUMBNAIL_JOB || job?.kind === CUSTOM_THUMBNAIL_JOB;
}

export function isMediaJob(job: JobRow | undefined): job is MediaJob {
  return isThumbnailJob(job) || job?.kind === DESCRIPTOR_JOB || job?.kind === OBJECTS_JOB || job?.kind === TEXT_JOB || job?.kind === CLIP_JOB || job?.kind === CONTENT_TEXT_JOB;
}

export const ticketOf = (job: JobRow | undefined): string | undefined =>
  isMediaJob(job) ? job.payload.ticket : undefined;

/**
 * Drops finished jobs from the queue, inside the write that stores their results; a job asked for
 * again meanwhile (a newer ticket) stays queued, since what it reads may have changed.
 */
export async function dropFinishedJobs(db: LibraryDb, jobs: readonly MediaJob[]): Promise<void> {
  const queued = await db.jobs.bulkGet(jobs.map((job) => job.id));
  await db.jobs.bulkDelete(jobs.filter((job, at) => ticketOf(queued[at]) === job.payload.ticket).map((job) => job.id));
}

export function clipJob(itemId: string, now: number, model: string): ClipJob {
  return { id: jobId(CLIP_JOB, itemId), kind: CLIP_JOB, itemId, createdAt: now, attempts: 0, lastError: '', payload: { ticket: newTicket(now), model } };
}
