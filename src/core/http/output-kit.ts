/**
 * What a route answers, for the OpenAPI document (./openapi-document.ts): a zod schema of the
 * envelope's `data`, or a binary body described by its media type (files, thumbnails, icons, zips,
 * event streams). Each entry is a factory, so a fresh worker builds none of these schemas: only the
 * document's first request does.
 */
import { z } from 'zod';

export interface BinaryOutput {
  kind: 'binary';
  /** The answer's media type, e.g. `image/svg+xml`, or `application/octet-stream` for a file of any type. */
  mediaType: string;
  description: string;
  /** Other success statuses the route answers with this body, e.g. 206 for a byte range. */
  statuses?: number[];
}

export type Output = z.ZodType | BinaryOutput;

/** Keyed by `METHOD /path` (the path below /api/v2), as ./route-outputs.ts joins them to ROUTES. */
export type OutputTable = Record<string, () => Output>;

export const binary = (mediaType: string, description: string, statuses?: number[]): BinaryOutput => ({ kind: 'binary', mediaType, description, ...(statuses ? { statuses } : {}) });

export const isBinary = (output: Output): output is BinaryOutput => (output as BinaryOutput).kind === 'binary';

/** A page of a list (src/core/http/pagination.ts). */
export const page = <T extends z.ZodType>(of: T) => z.object({ data: z.array(of), total: z.number().int(), offset: z.number().int(), limit: z.number().int() });

/** Routes that answer `true` once done. */
export const done = () => z.literal(true);
