/**
 * History: every thread that got an answer, kept in extension storage on this machine (nothing of
 * it is sent anywhere) so that yesterday's answers, with their citations, are still there. Each
 * entry is a thread's answered turns: questions, verified answers or "not found", the sources
 * and their quotes (with the passage around each, which the highlight and the text-fragment link
 * need), and when. Bounded in count and in size; the oldest go first. Pure functions: the
 * worker records (lib/worker/wiring/history.ts), the screens list, search, open and delete.
 */
import type { Outcome } from '@/lib/shared/answer/run';
import { normalize } from '@/lib/shared/text/normalize';
import type { Thread, ThreadPage } from '@/lib/shared/answer/thread';

export interface HistoryTurn {
  id: string;
  question: string;
  askedAt: number;
  answeredAt: number;
  outcome: Outcome;
}

export interface HistoryEntry {
  /** The thread's id: a thread that goes on updates its entry. */
  id: string;
  scope: Thread['scope'];
  pages: ThreadPage[];
  startedAt: number;
  /** When its latest turn was answered: the list's order, newest first. */
  updatedAt: number;
  turns: HistoryTurn[];
}

export interface HistoryLimits {
  entries: number;
  /** Characters of JSON, about the bytes it takes in storage. */
  chars: number;
}

/**
 * What the history keeps, said in the options ("the last 500 threads"). In IndexedDB, whose quota
 * is far above storage.local's 10 MB; the size bound keeps one browser profile's copy modest.
 */
export const HISTORY_LIMITS: HistoryLimits = { entries: 500, chars: 10_000_000 };

/** Near enough the limit that the next threads push the oldest out: the screens say so first. */
export function nearHistoryLimit(count: number, limit: number = HISTORY_LIMITS.entries): boolean {
  return count >= limit - Math.ceil(limit / 20);
}

/** The thread's answered turns as a history entry; null when none has an answer yet. */
export function entryOf(thread: Thread): HistoryEntry | null {
  // An incognito window's questions stay out of the history, which is on disk.
  if (thread.incognito) return null;
  const turns: HistoryTurn[] = thread.turns.flatMap((t) =>
    t.outcome ? [{ id: t.id, question: t.question, askedAt: t.askedAt, answeredAt: t.answeredAt, outcome: t.outcome }] : [],
  );
  if (turns.length === 0) return null;
  return {
    id: thread.id,
    scope: thread.scope,
    pages: thread.pages,
    startedAt: thread.startedAt,
    updatedAt: Math.max(...turns.map((t) => t.answeredAt)),
    turns,
  };
}

/**
 * History with `thread` recorded: its entry replaces the thread's earlier one, newest first;
 * past the limits the oldest entries go. A single entry larger than the whole budget keeps only
 * its latest turns that fit.
 */
export function withThread(history: HistoryEntry[], thread: Thread, limits: HistoryLimits = HISTORY_LIMITS): HistoryEntry[] {
  let entry = entryOf(thread);
  if (!entry) return history;
  while (entry.turns.length > 1 && size(entry) > limits.chars) entry = { ...entry, turns: entry.turns.slice(1) };
  const rest = history.filter((e) => e.id !== entry!.id);
  const all = [entry, ...rest].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, limits.entries);
  let total = 0;
  const kept: HistoryEntry[] = [];
  for (const e of all) {
    total += size(e);
    if (total > limits.chars && kept.length > 0) break;
    kept.push(e);
  }
  return kept;
}

export function withoutEntry(history: HistoryEntry[], id: string): HistoryEntry[] {
  return history.filter((e) => e.id !== id);
}

/** For search: the quote normalisation, then without accents (a search for "cafe" finds "café"). */
function fold(s: string): string {
  return normalize(s).normalize('NFD').replace(/\p{M}/gu, '');
}

function size(e: HistoryEntry): number {
  return JSON.stringify(e).length;
}

/**
 * The words an entry is found by, folded: its questions, its claims, its pages' titles and
 * addresses (each citation's title and site once). What the list searches, built once per
 * thread (lib/shared/store/history-listing.ts), not at each keystroke.
 */
export function searchWords(
  e: Pick<HistoryEntry, 'pages'> & { turns: readonly Pick<HistoryTurn, 'question' | 'outcome'>[] },
): string {
  const parts = new Set<string>();
  for (const t of e.turns) {
    parts.add(t.question);
    if (t.outcome.kind === 'answer')
      for (const c of t.outcome.claims) {
        parts.add(c.text);
        for (const x of c.citations) parts.add(`${x.title} ${x.site}`);
      }
  }
  for (const p of e.pages) parts.add(`${p.title}\n${p.url}`);
  return fold([...parts].join('\n'));
}

/** `query`'s words, folded as `searchWords`: an entry matches when its words hold each. */
export function queryWords(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/** Entries holding every word of `query` (case, accents and the like ignored), newest first. */
export function searchHistory(history: HistoryEntry[], query: string): HistoryEntry[] {
  const words = queryWords(query);
  if (words.length === 0) return history;
  return history.filter((e) => {
    const text = searchWords(e);
    return words.every((w) => text.includes(w));
  });
}
