/**
 * The diagnostics logs kept within a size, not only a count: 500 failure entries that each keep
 * a long question and long literals can pass the storage quota, and a failed write loses the
 * entry (and once made later questions hang). Each entry's strings are cut, then the oldest
 * entries go until the log fits its bytes.
 */
import type { FailureLogEntry, Problem } from '@/lib/shared/answer/run';
import { capText } from '@/lib/shared/core/limits';

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
 * The words a private log line may keep of what went wrong: the kinds of error and of "not found"
 * the code itself names (lib/worker/model/errors.ts and its peers, lib/shared/answer/run-state.ts's
 * reasons), nothing else. A detail is kept only when what comes before its first colon is one of
 * them; a detail of any other shape (a refusal's explanation, a server's message, a new kind not
 * listed yet) is left out whole. A kind missing here costs a word in the diagnostics, never text.
 */
const PRIVATE_DETAILS: ReadonlySet<string> = new Set([
  // describeError's kinds, the model reply's and the providers' own.
  'key-origin',
  'storage',
  'cancelled',
  'timeout',
  'redirect',
  'offline',
  'auth',
  'forbidden',
  'model',
  'too-large',
  'rate-limit',
  'overloaded',
  'server',
  'stream',
  'api',
  'unexpected',
  'truncated',
  'refused',
  'malformed',
  'local-forbidden',
  'local-timeout',
  'local-context',
  // The support check's failure, and the reasons an answer was "not found".
  'judge',
  'no-relevant-passages',
  'no-information',
  'unverifiable',
  'unsupported',
  // The problems a reply's check names (lib/shared/answer/run.ts ProblemKind).
  'no-claims',
  'claims-with-no-information',
  'no-citations',
  'unknown-index',
  'empty-literal',
  'too-short',
  'not-in-fragment',
  'not-drawn',
]);

/** What a private log line keeps of `detail`: its kind when it is one the code names, else nothing. */
export function privateDetail(detail: string | undefined): string | undefined {
  if (detail === undefined) return undefined;
  const head = detail.split(':')[0]!.trim();
  return PRIVATE_DETAILS.has(head) ? head : undefined;
}

/**
 * A failure of a question about incognito tabs, as the log may keep it: what went wrong and
 * when, with no question, no quotes and no sites. `storage.local` is on disk; incognito text
 * must never be, whatever its shape.
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
    ...(privateDetail(entry.detail) !== undefined ? { detail: privateDetail(entry.detail)! } : {}),
  };
}
