/**
 * The history's listing: what the list shows and searches of each thread (its questions, when,
 * its pages, and its words folded once for search), without the answers and their quotes. A full
 * history is 500 threads and about 10 MB; reading and checking all of it took the popup seconds
 * before the list showed, and the search folded every claim again at each keystroke. The store
 * (lib/shared/history-store.ts) writes the listing beside the entries, in the same transaction,
 * and the latest thread's alone for "Continue: …"; the screens read those, and a thread's
 * answers only when it is opened.
 */
import * as z from 'zod/mini';
import { queryWords, searchWords, type HistoryEntry } from './history';
import type { ThreadPage } from './thread';

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

/** The summary of `e`, its words reused from `known` when that is the same thread as last written. */
export function summaryOf(e: HistoryEntry, known?: HistorySummary): HistorySummary {
  const words = known && known.updatedAt === e.updatedAt && known.words !== undefined ? known.words : searchWords(e);
  return { id: e.id, updatedAt: e.updatedAt, pages: e.pages, turns: e.turns.map((t) => ({ question: t.question })), words };
}

/** The listing of `entries`, reusing the words of `previous` for the threads that did not change. */
export function listingOf(entries: readonly HistoryEntry[], damaged: number, previous?: HistoryListing | null): HistoryListing {
  const known = new Map((previous?.items ?? []).map((s) => [s.id, s]));
  return { items: entries.map((e) => summaryOf(e, known.get(e.id))), damaged };
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

/**
 * The words of each summary, built once per list (`words`, or folded here for a summary without),
 * and the indexes of those holding every word of `query`, in order.
 */
export function searchIndex(items: readonly HistorySummary[]): string[] {
  return items.map((s) => s.words ?? searchWords(s as HistoryEntry));
}

export function matching(index: readonly string[], query: string): number[] {
  const words = queryWords(query);
  const hits: number[] = [];
  for (let i = 0; i < index.length; i++) if (words.every((w) => index[i]!.includes(w))) hits.push(i);
  return hits;
}
