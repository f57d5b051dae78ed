import { z } from 'zod';
import { reportUploadLimits } from '../limits.ts';

/** Leak tracing (issue 23): POST /reports/identifyCopy, an uploaded PDF answered with the copies it marks. */
export const leakTracingLimits = {
  /** the largest PDF the portal serves as a report (a leaked copy is no larger) */
  pdfMaxBytes: reportUploadLimits.maxBytes.pdf,
} as const;

export const identifiedCopy = z.object({
  copyId: z.string(),
  reader: z.object({
    userId: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    company: z.string().nullable(),
  }),
  report: z.object({ id: z.number().int(), title: z.string() }),
  fileVersion: z.number().int(),
  currentFileVersion: z.number().int(),
  madeAt: z.string(),
  lastFetchedAt: z.string(),
  fetchCount: z.number().int(),
});
export type IdentifiedCopy = z.infer<typeof identifiedCopy>;

export const identifyCopyReply = z.object({
  success: z.literal(true),
  /** one entry per copy marked in the file (normally one; a file put together from two copies has two) */
  copies: z.array(identifiedCopy).min(1),
  /** how many of the file's pages carry a mark */
  markedPages: z.number().int(),
  pageCount: z.number().int(),
});
export type IdentifyCopyReply = z.infer<typeof identifyCopyReply>;
