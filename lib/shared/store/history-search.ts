/**
 * The history's search words, built into its listing (history-listing.ts) once per thread as the
 * store writes it, and the search the list makes of them at each keystroke: strings compared, no
 * thread folded again.
 */
import { queryWords, searchWords, type HistoryEntry } from './history';
import { briefOf, type HistoryListing, type HistorySummary } from './history-listing';

/** The summary of `e`, its words reused from `known` when that is the same thread as last written. */
export function summaryOf(e: HistoryEntry, known?: HistorySummary): HistorySummary {
  const words = known && known.updatedAt === e.updatedAt && known.words !== undefined ? known.words : searchWords(e);
  return { ...briefOf(e), words };
}

/** The listing of `entries`, reusing the words of `previous` for the threads that did not change. */
export function listingOf(entries: readonly HistoryEntry[], damaged: number, previous?: HistoryListing | null): HistoryListing {
  const known = new Map((previous?.items ?? []).map((s) => [s.id, s]));
  return { items: entries.map((e) => summaryOf(e, known.get(e.id))), damaged };
}

/**
 * The words of each summary, built once per list (`words`, or folded here for a summary without),
 * and the indexes of those holding every word of `query`, in order.
 */
export function searchIndex(items: readonly HistorySummary[]): string[] {
  return items.map((s) => s.words ?? wordsOrNone(s as HistoryEntry));
}

/** A thread's words, or none for one whose parts do not read (drawn in its place by EntryGuard, found by no search). */
function wordsOrNone(e: HistoryEntry): string {
  try {
    return searchWords(e);
  } catch {
    return '';
  }
}

export function matching(index: readonly string[], query: string): number[] {
  const words = queryWords(query);
  const hits: number[] = [];
  for (let i = 0; i < index.length; i++) if (words.every((w) => index[i]!.includes(w))) hits.push(i);
  return hits;
}
