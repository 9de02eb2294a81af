// Shared pieces of YouTube Data API v3 responses: string counts, thumbnails, list envelopes.
import * as z from 'zod';
import { ApiResponseError } from '../report-error';

/** Counts arrive as JSON strings ("3331930783"); they become numbers. */
export const countString = z.string().regex(/^\d+$/, 'expected a count').transform(Number).refine(Number.isSafeInteger, 'count too large');

const thumbnail = z.object({ url: z.string().min(1), width: z.number().optional(), height: z.number().optional() });
export const thumbnailsSchema = z.object({
  default: thumbnail.optional(),
  medium: thumbnail.optional(),
  high: thumbnail.optional(),
  standard: thumbnail.optional(),
  maxres: thumbnail.optional(),
});
export type Thumbnails = z.infer<typeof thumbnailsSchema>;

/** Thumbnail URLs by size; `maxres` and `standard` are often missing. */
export function thumbnailUrls(thumbnails: Thumbnails | undefined) {
  return {
    default: thumbnails?.default?.url ?? null,
    medium: thumbnails?.medium?.url ?? null,
    high: thumbnails?.high?.url ?? null,
  };
}

/** `{kind, etag, nextPageToken?, pageInfo?, items}` around any item schema. */
export function listResponse<T extends z.ZodType>(kind: string, item: T) {
  return z.object({
    kind: z.literal(kind),
    nextPageToken: z.string().optional(),
    pageInfo: z.object({ totalResults: z.number(), resultsPerPage: z.number() }).optional(),
    items: z.array(item),
  });
}

/** Parses with a schema or throws an ApiResponseError naming the first bad field. */
export function parseApi<T extends z.ZodType>(source: string, schema: T, response: unknown): z.infer<T> {
  const parsed = schema.safeParse(response);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiResponseError(source, `${issue?.path.join('.') || 'response'}: ${issue?.message ?? 'invalid'}`);
}
