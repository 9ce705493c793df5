/**
 * Nothing is sent that its page does not show a reader. Reading a tab (lib/page/read/extract.ts) leaves
 * out only what costs least to tell, so that many tabs are read fast; before a plan is sent (or a
 * search's results are shown), the frames of the passages chosen check them with every test of
 * what hides words (lib/page/read/passage-check.ts). A passage a frame says is hidden leaves the pool,
 * one with words no reader sees is written again without them, and the choice is made again: what
 * goes out is always a choice among proven passages. A frame caught hiding words is then asked
 * about all its passages at once (a page stuffed with hidden text costs one round more, and cannot
 * crowd other tabs out); a frame that cannot vouch (its reading is gone, it does not answer in
 * time) has none of its passages sent, and is not waited for again. After a few choices every
 * passage still unproven is asked at once: what is never asked is never dropped for it, so no
 * number of frames full of hidden words crowds an honest tab out. A passage goes without its
 * heading (its `section` in the prompt) when a reader does not see the heading. A selection read
 * in a page is asked like any passage, chosen or not (a page's script can select words no reader
 * sees); a PDF's passages (lib/offscreen/pdf-passages.ts leaves out its unseen words) and the
 * selection the browser gave with the context menu's click are not asked. The choice and the
 * question to the frames are passed in, so this is tested without a browser.
 */
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { key, memberKeys } from '@/lib/worker/prompt/reuse';
import { searchPassages, tooGeneralToSearch } from '@/lib/worker/rank/keyless-search';
import type { SearchHit } from '@/lib/shared/answer/run';
import type { Question } from '@/lib/worker/rank/question';
import type { AskSeen } from '@/lib/worker/read/page-reading';
import { askRound, frameOf, type Provable, type RoundVerdict, type SeenState, type Unsent } from './seen-round';

/**
 * Choices made again, each asking what it chose (and the frames caught hiding words, all of
 * theirs); the next round asks every passage of the pool still unproven, so that the last choice
 * is made among proven passages alone.
 */
export const MAX_SHOWN_ROUNDS = 4;

export interface ShownChoice<T> {
  chosen: T;
  /** The pool without the passages left out. */
  pool: SourcedPassage[];
  /**
   * Passages left out: `hidden` by the page, or `unchecked` (no frame could vouch for them); and
   * passages sent without the words of theirs that no reader sees (`cut`).
   */
  unsent: Unsent;
  /** The keys (`prompt/reuse.ts`) of the passages their frames vouched for. */
  proven: ReadonlySet<string>;
}

/**
 * Whether a passage is asked of its frame: any of a page's reading, a selection read there too (a
 * page's script can select words no reader sees as well as the user can). Not a PDF's, nor the
 * selection the browser gave with the context menu's click (lib/worker/read/priority-selection.ts).
 */
function needsProof(p: SourcedPassage): p is Provable {
  return p.readId !== undefined;
}

/**
 * The selection that leads what is sent, as the popup shows it: taken from the pool the check
 * left (a page's script can select words no reader sees), as checked.
 */
export function selectionOf(choice: Pick<ShownChoice<unknown>, 'pool' | 'proven'>): {
  selection?: { text: string; title: string };
} {
  const chosen = choice.pool.find((p) => p.selection && (!needsProof(p) || choice.proven.has(key(p))));
  return chosen ? { selection: { text: chosen.text, title: chosen.title } } : {};
}

/** The passages the pages' check left out, for the coverage (none: nothing said). */
export function unseen(unsent: Unsent) {
  return unsent.hidden + unsent.unchecked + unsent.cut > 0 ? { unseen: unsent } : {};
}

/** The keys of a plan's passages: each fragment's members (a passage with its neighbour is two). */
export const planKeys = (fragments: SourcedPassage[]): string[] => fragments.flatMap(memberKeys);

/**
 * The search without a key (rank/keyless-search.ts), among the passages their pages show; a
 * question that names nothing to search for is not searched (`tooGeneral`), and no page is asked.
 */
export async function searchShown(
  pool: SourcedPassage[],
  question: Question,
  ask: AskSeen,
  signal?: AbortSignal,
): Promise<ShownChoice<SearchHit[]> & { tooGeneral?: true }> {
  if (tooGeneralToSearch(question))
    return { chosen: [], pool, unsent: { hidden: 0, unchecked: 0, cut: 0 }, proven: new Set(), tooGeneral: true };
  return chooseSeen(
    pool,
    (passages) => searchPassages(passages, question),
    (hits) => hits.map((h) => key({ tabId: h.tabId, frameId: h.frameId, id: h.passageId })),
    ask,
    signal,
  );
}

/**
 * What a choice asks of the pages: its passages not yet proven, and in the first round every
 * selection read in a page (shown in the popup as the user's, chosen or not: asked first).
 */
function askedOf(current: SourcedPassage[], keys: string[], proven: ReadonlySet<string>, round: number) {
  const byKey = new Map(current.map((p) => [key(p), p]));
  const toAsk = new Map<string, Provable>();
  for (const k of keys) {
    const p = byKey.get(k);
    if (p !== undefined && needsProof(p) && !proven.has(k)) toAsk.set(k, p);
  }
  if (round === 0) for (const p of current) if (p.selection && needsProof(p)) toAsk.set(key(p), p);
  return toAsk;
}

/**
 * Pages that keep hiding what is chosen: after MAX_SHOWN_ROUNDS choices, every passage of the
 * pool not yet proven is asked at once (`askAll`), and the next choice is made among proven
 * passages alone. Nothing is dropped for not having been asked: an honest tab's passages reach
 * the model beside any number of frames full of hidden words. Before that, the frames caught
 * hiding words are asked about all their unproven passages.
 */
function widen(toAsk: Map<string, Provable>, current: SourcedPassage[], state: SeenState, askAll: boolean): void {
  if (!askAll && state.caught.size === 0) return;
  for (const p of current) {
    if (needsProof(p) && (askAll || state.caught.has(frameOf(p))) && !state.proven.has(key(p))) toAsk.set(key(p), p);
  }
}

/** The pool chosen from again: without what is hidden, and with the words no reader sees taken out. */
function rechosenPool(current: SourcedPassage[], verdict: RoundVerdict): SourcedPassage[] {
  const { dropped, headless, mute, rewritten } = verdict;
  return current
    .filter((p) => !dropped.has(key(p)) && !(needsProof(p) && mute.has(frameOf(p))))
    .map((p) => {
      const text = rewritten.get(key(p));
      if (text === undefined) return p;
      // A heading no reader sees does not go with the passage (it is its `section` in the prompt).
      const { heading, ...rest } = p;
      const kept = headless.has(key(p)) || heading === undefined ? rest : { ...rest, heading };
      return text === null ? kept : { ...kept, text };
    });
}

export async function chooseSeen<T>(
  pool: SourcedPassage[],
  choose: (pool: SourcedPassage[]) => T,
  /** The keys (`prompt/reuse.ts`) of the passages `chosen` would send or show. */
  keysOf: (chosen: T) => string[],
  ask: AskSeen,
  signal?: AbortSignal,
): Promise<ShownChoice<T>> {
  const state: SeenState = {
    proven: new Set(),
    unsent: { hidden: 0, unchecked: 0, cut: 0 },
    rewrittenEver: new Set(),
    caught: new Set(),
  };
  const done = (chosen: T, keys: string[], pool: SourcedPassage[]): ShownChoice<T> => {
    state.unsent.cut = keys.filter((k) => state.rewrittenEver.has(k)).length;
    return { chosen, pool, unsent: state.unsent, proven: state.proven };
  };
  let current = pool;
  for (let round = 0; ; round++) {
    const chosen = choose(current);
    const keys = keysOf(chosen);
    const toAsk = askedOf(current, keys, state.proven, round);
    if (toAsk.size === 0) return done(chosen, keys, current);
    if (round > MAX_SHOWN_ROUNDS) {
      // Every passage of the pool was asked last round: nothing chosen can be unproven. Should
      // one be (a frame that answered for fewer than it was asked), only the proven are chosen.
      current = current.filter((p) => !needsProof(p) || state.proven.has(key(p)));
      state.unsent.unchecked += toAsk.size;
      const last = choose(current);
      return done(last, keysOf(last), current);
    }
    const chosenKeys = new Set(toAsk.keys());
    widen(toAsk, current, state, round === MAX_SHOWN_ROUNDS);
    const verdict = await askRound(toAsk, chosenKeys, ask, state, signal);
    signal?.throwIfAborted();
    // Every passage chosen is shown as it was read: the choice stands.
    const { dropped, rewritten, mute } = verdict;
    if (dropped.size === 0 && rewritten.size === 0 && mute.size === 0) return done(chosen, keys, current);
    current = rechosenPool(current, verdict);
  }
}
