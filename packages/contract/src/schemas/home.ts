import { z } from 'zod';
import { reportCard } from './research.ts';

/** The signed-in home's lists (ours, issue 11): how many cards each shows, and when a report counts as read. */
export const homeConstants = {
  /** cards per list: a short list with a link to the full one */
  listSize: 6,
  /** a report read to this fraction or further is finished and leaves "continue reading" */
  finishedFraction: 0.9,
} as const;

/** One of the home's lists: the cards and where its full list is (null when there is no full list). */
const homeList = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ data: z.array(item), more: z.string().nullable() });

/** A report being read, with how far the reader got (0..1, below `finishedFraction`). */
export const continueReadingCard = reportCard.extend({ fraction: z.number().min(0).max(1) });
export type ContinueReadingCard = z.infer<typeof continueReadingCard>;

/**
 * GET /overall/home: the signed-in home's four lists in one call. `variant` is 'npi' for npi readers, whose
 * research page has no My Research tab (spec 1 section 2.6): their first list is the latest reports they may
 * read (their sectors and free-access reports) and it leads to that page; every other reader's is the latest
 * in the sectors of their own matrix, like the My Research tab.
 */
export const homeReply = z.object({
  variant: z.enum(['client', 'npi']),
  /**
   * What the latest list holds (issue 21): 'sectors', the latest in the sectors the reader subscribes to; 'readable',
   * the newest reports the reader may open (an npi reader, or a reader without a subscription, e.g. pending), so
   * that its heading never claims "your sectors" to a reader who has none.
   */
  latestOf: z.enum(['sectors', 'readable']),
  latest: homeList(reportCard),
  continueReading: homeList(continueReadingCard),
  saved: homeList(reportCard),
  mustRead: homeList(reportCard),
});
export type HomeReply = z.infer<typeof homeReply>;
export type HomeList = HomeReply['latest'];
