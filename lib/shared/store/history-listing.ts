/**
 * The history's listing: what the list shows and searches of each thread (its questions, when,
 * its pages, and its words folded once for search), without the answers and their quotes. A full
 * history is 500 threads and about 10 MB; reading and checking all of it took the popup seconds
 * before the list showed, and the search folded every claim again at each keystroke. The store
 * (lib/shared/store/history-store.ts) writes the listing beside the entries, in the same transaction,
 * and the latest thread's alone for "Continue: …"; the screens read those, and a thread's
 * answers only when it is opened. Here the shapes and their readers (in the popup's first load);
 * the search words are built in history-search.ts.
 */
import * as z from 'zod/mini';
import type { HistoryEntry } from './history';
import type { ThreadPage } from '@/lib/shared/answer/thread';

/** One thread as the list shows it. A `HistoryEntry` is one too (the list's tests pass those). */
export interface HistorySummary {
  id: string;
  updatedAt: number;
  pages: ThreadPage[];
  /** Its questions, in order: the first names the thread, their number is said. */
  turns: { question: string }[];
  /** `searchWords` of the thread, kept so that a keystroke only compares strings. */
  words?: string;
}

/** The listing as stored: the summaries, newest first, and how many threads did not read. */
export interface HistoryListing {
  items: HistorySummary[];
  damaged: number;
}

const summarySchema = z.object({
  id: z.string(),
  updatedAt: z.number(),
  pages: z.array(z.object({ tabId: z.int(), url: z.string(), title: z.string() })),
  turns: z.array(z.object({ question: z.string() })).check(z.minLength(1)),
  words: z.string(),
});
const listingSchema = z.object({ items: z.array(summarySchema), damaged: z.int() });

/** `e` as the list shows it, without its search words (history-search.ts adds them). */
export function briefOf(e: HistoryEntry): HistorySummary {
  return { id: e.id, updatedAt: e.updatedAt, pages: e.pages, turns: e.turns.map((t) => ({ question: t.question })) };
}

/** A stored listing, checked; null when it is missing or does not read (then it is built again). */
export function readListing(raw: unknown): HistoryListing | null {
  const parsed = z.safeParse(listingSchema, raw);
  return parsed.success ? parsed.data : null;
}

/** A stored latest thread's summary, checked; null when missing or unreadable. */
export function readSummary(raw: unknown): HistorySummary | null {
  const parsed = z.safeParse(summarySchema, raw);
  return parsed.success ? parsed.data : null;
}
