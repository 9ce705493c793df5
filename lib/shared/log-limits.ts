/**
 * The diagnostics logs kept within a size, not only a count: 500 failure entries that each keep
 * a long question and long literals can pass the storage quota, and a failed write loses the
 * entry (and once made later questions hang). Each entry's strings are cut, then the oldest
 * entries go until the log fits its bytes.
 */
import type { FailureLogEntry, Problem } from './run';
import { capText } from './limits';

export const MAX_LOGGED_QUESTION = 300;
export const MAX_LOGGED_LITERAL = 120;
export const MAX_LOGGED_MESSAGE = 300;
export const MAX_LOGGED_SITES = 20;
export const MAX_LOGGED_PROBLEMS = 50;
/** Bytes (as JSON) of each log: well under `storage.local`'s 10 MB, with room for the rest. */
export const FAILURE_LOG_MAX_BYTES = 1_000_000;
export const RUN_LOG_MAX_BYTES = 500_000;

/** An entry with its strings cut: the log keeps what the diagnostics need, not whole pages. */
export function trimFailureEntry(entry: FailureLogEntry): FailureLogEntry {
  const problem = (p: Problem): Problem => ({
    ...p,
    message: capText(p.message, MAX_LOGGED_MESSAGE),
    ...(p.literal !== undefined ? { literal: capText(p.literal, MAX_LOGGED_LITERAL) } : {}),
  });
  return {
    ...entry,
    question: capText(entry.question, MAX_LOGGED_QUESTION),
    sites: entry.sites.slice(0, MAX_LOGGED_SITES).map((s) => capText(s, 200)),
    attempts: entry.attempts.slice(0, 5).map((a) => a.slice(0, MAX_LOGGED_PROBLEMS).map(problem)),
    ...(entry.detail !== undefined ? { detail: capText(entry.detail, MAX_LOGGED_MESSAGE) } : {}),
  };
}

/** The newest entries whose JSON fits `maxBytes` (and `maxCount`), oldest first as stored. */
export function keepWithinBytes<T>(log: T[], maxBytes: number, maxCount: number): T[] {
  const out: T[] = [];
  let bytes = 2;
  for (let i = log.length - 1; i >= 0 && out.length < maxCount; i--) {
    const size = new TextEncoder().encode(JSON.stringify(log[i])).length + 1;
    if (bytes + size > maxBytes) break;
    bytes += size;
    out.push(log[i]!);
  }
  return out.reverse();
}

/**
 * A failure of a question about incognito tabs, as the log may keep it: what went wrong and
 * when, with no question, no quotes and no sites. `storage.local` is on disk; incognito text
 * must never be.
 */
export function privateFailureEntry(entry: FailureLogEntry): FailureLogEntry {
  return {
    at: entry.at,
    question: '',
    sites: [],
    attempts: entry.attempts.map((a) =>
      a.map(({ kind, claim, citation, index }) => ({ kind, claim, citation, index, message: kind })),
    ),
    outcome: entry.outcome,
    ...(entry.detail !== undefined ? { detail: entry.detail.split(':')[0]! } : {}),
  };
}
