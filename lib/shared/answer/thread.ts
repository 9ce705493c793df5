/**
 * The conversation about the current pages: the questions asked of the same tabs one after the
 * other, each with the answer it got, kept in extension storage (`threadItem`, lib/storage.ts) so
 * that it outlives the popup and the service worker. A follow-up is sent with the earlier turns
 * (lib/worker/prompt/thread-plan.ts); the popup shows them as question → answer pairs.
 *
 * What "the thread of the current pages" is: the questions asked with the same scope ("This tab"
 * or "All tabs in this window") in the same window, about the same tabs showing the same
 * addresses. A question whose scope, window, tabs or addresses differ starts a new thread by
 * itself; "New question" starts one on purpose.
 */
import type { Outcome, SearchHit } from './run';
import type { SourcedPassage } from '@/lib/shared/protocol/types';

/** A tab a thread is about, as it was when the thread's questions read it. */
export interface ThreadPage {
  tabId: number;
  /** Without its `#fragment`: a jump within the page is the same page. */
  url: string;
  title: string;
}

/** One question of a thread and what it got. */
export interface Turn {
  /** The run that asked it (`RunState.id`). */
  id: string;
  question: string;
  askedAt: number;
  answeredAt: number;
  /**
   * The fragments this turn's request added, in prompt order. Within a context (below) fragment
   * indices run on across turns: the first turn's fragments are 1..n, the next turn's new ones
   * n+1.., so an index means the same fragment in every later request of the context.
   */
  fragments: SourcedPassage[];
  /**
   * True when this turn's request started a new context: the earlier turns went as text only
   * (their questions, claims and quotes) and their fragments were not sent again, because they
   * no longer fitted the budget or their pages had changed. The first turn of a thread starts one.
   */
  restarted: boolean;
  /** The verified answer or the abstention (with a key). */
  outcome?: Outcome;
  /** Without a key: the passages found on this machine. Never sent anywhere. */
  results?: SearchHit[];
  /** Without a key, the question named nothing to search for: it was not searched. */
  searchTooGeneral?: true;
}

export interface Thread {
  id: string;
  scope: 'tab' | 'window' | 'tabs';
  windowId: number;
  /** The tabs the thread is about, in tab order. */
  pages: ThreadPage[];
  startedAt: number;
  turns: Turn[];
  /** About the tabs of an incognito window: kept in memory only, never in the history on disk. */
  incognito?: true;
}

/** At most this many turns are kept (the oldest go first). */
export const MAX_TURNS = 30;

/** An address without its fragment: `#section` moves within the same page. */
export function pageUrl(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** True when a question about `pages` with this scope and window continues `thread`. */
export function continuesThread(thread: Thread | null, scope: Thread['scope'], windowId: number, pages: ThreadPage[]): boolean {
  if (!thread || thread.scope !== scope || thread.windowId !== windowId) return false;
  const key = (ps: ThreadPage[]) =>
    ps
      .map((p) => `${p.tabId} ${pageUrl(p.url)}`)
      .sort()
      .join('\n');
  return key(thread.pages) === key(pages);
}

/** The thread with one more turn, the oldest dropped past `MAX_TURNS`. */
export function withTurn(thread: Thread, turn: Turn): Thread {
  const turns = [...thread.turns.filter((t) => t.id !== turn.id), turn].slice(-MAX_TURNS);
  // A context must start with a restarted turn: if the cut removed its start, the first kept turn starts one.
  if (turns.length > 0 && !turns.some((t) => t.restarted)) turns[0] = { ...turns[0]!, restarted: true };
  return { ...thread, turns };
}

/**
 * An earlier turn as a follow-up's request carries it: the question as a user message (after its
 * own fragments, when it added any and they are sent), the verified answer as the assistant's
 * message. Built from a `Turn` by lib/worker/prompt/thread-plan.ts and kept in the run's plan, so that
 * "Review before sending" sends exactly what it showed.
 */
export interface PriorTurn {
  question: string;
  /** How many of the request's fragments, in order after those of the turns before, this turn's message holds. */
  fragments: number;
  /** Sent as text only: no fragment of it is in the request; its quotes go with their source, not an index. */
  textOnly: boolean;
  /** The verified claims; none means the answer was "not found in these pages". */
  claims: PriorClaim[];
}

export interface PriorClaim {
  text: string;
  citations: Array<{
    /** The fragment's index in this request; absent when the fragment is not in it. */
    index?: number;
    literal: string;
    /** The page's title and site, for a quote without an index. */
    source: string;
  }>;
}

/** What identifies a citation among an answer's: its page, frame, passage and words. */
export interface CitationKey {
  tabId: number;
  frameId: number;
  literal: string;
  passageText: string;
}

const cites = (outcome: Outcome | undefined, c: CitationKey) =>
  outcome?.kind === 'answer' &&
  outcome.claims.some((claim) =>
    claim.citations.some(
      (q) => q.tabId === c.tabId && q.frameId === c.frameId && q.literal === c.literal && q.passageText === c.passageText,
    ),
  );

/**
 * The answer a clicked citation belongs to: the latest one when it holds the citation, else the
 * thread's earlier turn that does. Its other quotes on the same page are the ones highlighted
 * softly beside it, so an earlier answer's citation brings its own answer's quotes, not the latest's.
 */
export function answerCiting(latest: Outcome | undefined, thread: Thread | null, c: CitationKey): Outcome | undefined {
  if (cites(latest, c)) return latest;
  const turn = [...(thread?.turns ?? [])].reverse().find((t) => cites(t.outcome, c));
  return turn?.outcome ?? latest;
}
