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
import { bounded } from '@/lib/shared/core/time-limit';
import { seen } from '@/lib/shared/seen/seen';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { key, memberKeys } from '@/lib/worker/prompt/reuse';
import { searchPassages, tooGeneralToSearch } from '@/lib/worker/rank/keyless-search';
import type { SearchHit } from '@/lib/shared/answer/run';
import type { Question } from '@/lib/worker/rank/question';
import type { AskShown, ShownReply } from '@/lib/worker/read/page-reading';

/** A frame that does not answer in this time vouches for none of its passages. */
export const SHOWN_TIMEOUT_MS = 5_000;
/**
 * Choices made again, each asking what it chose (and the frames caught hiding words, all of
 * theirs); the next round asks every passage of the pool still unproven, so that the last choice
 * is made among proven passages alone.
 */
export const MAX_SHOWN_ROUNDS = 4;

export interface Unsent {
  hidden: number;
  unchecked: number;
  cut: number;
}

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
function needsProof(p: SourcedPassage): p is SourcedPassage & { readId: string } {
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
  ask: AskShown,
  signal?: AbortSignal,
): Promise<ShownChoice<SearchHit[]> & { tooGeneral?: true }> {
  if (tooGeneralToSearch(question))
    return { chosen: [], pool, unsent: { hidden: 0, unchecked: 0, cut: 0 }, proven: new Set(), tooGeneral: true };
  return chooseShown(
    pool,
    (passages) => searchPassages(passages, question),
    (hits) => hits.map((h) => key({ tabId: h.tabId, frameId: h.frameId, id: h.passageId })),
    ask,
    signal,
  );
}

/** The frame and reading a passage was read in: what one question to a page covers. */
const frameOf = (p: SourcedPassage & { readId: string }): string => `${p.tabId}/${p.frameId}/${p.readId}`;

export async function chooseShown<T>(
  pool: SourcedPassage[],
  choose: (pool: SourcedPassage[]) => T,
  /** The keys (`prompt/reuse.ts`) of the passages `chosen` would send or show. */
  keysOf: (chosen: T) => string[],
  ask: AskShown,
  signal?: AbortSignal,
): Promise<ShownChoice<T>> {
  const proven = new Set<string>();
  const unsent: Unsent = { hidden: 0, unchecked: 0, cut: 0 };
  /** Passages whose text was written again without words no reader sees. */
  const rewrittenEver = new Set<string>();
  const done = (chosen: T, keys: string[], pool: SourcedPassage[]): ShownChoice<T> => {
    unsent.cut = keys.filter((k) => rewrittenEver.has(k)).length;
    return { chosen, pool, unsent, proven };
  };
  /**
   * Frames that hid words in what was chosen: every passage of theirs still unproven is asked in
   * the next round, so that a page stuffed with hidden passages costs one more round, not one per
   * budgetful, and cannot crowd other tabs out of the choice; and what is chosen from it then is
   * ranked by the words a reader sees.
   */
  const caught = new Set<string>();
  let current = pool;
  for (let round = 0; ; round++) {
    const chosen = choose(current);
    const byKey = new Map(current.map((p) => [key(p), p]));
    const toAsk = new Map<string, SourcedPassage & { readId: string }>();
    const keys = keysOf(chosen);
    for (const k of keys) {
      const p = byKey.get(k);
      if (p !== undefined && needsProof(p) && !proven.has(k)) toAsk.set(k, p);
    }
    // A selection read in a page is shown in the popup as the user's, chosen or not: asked first.
    if (round === 0) for (const p of current) if (p.selection && needsProof(p)) toAsk.set(key(p), p);
    if (toAsk.size === 0) return done(chosen, keys, current);
    if (round > MAX_SHOWN_ROUNDS) {
      // Every passage of the pool was asked last round: nothing chosen can be unproven. Should
      // one be (a frame that answered for fewer than it was asked), only the proven are chosen.
      current = current.filter((p) => !needsProof(p) || proven.has(key(p)));
      unsent.unchecked += toAsk.size;
      const last = choose(current);
      return done(last, keysOf(last), current);
    }
    const chosenKeys = new Set(toAsk.keys());
    // Pages that keep hiding what is chosen: after MAX_SHOWN_ROUNDS choices, every passage of
    // the pool not yet proven is asked at once, and the next choice is made among proven
    // passages alone. Nothing is dropped for not having been asked: an honest tab's passages
    // reach the model beside any number of frames full of hidden words.
    const askAll = round === MAX_SHOWN_ROUNDS;
    if (askAll || caught.size > 0) {
      for (const p of current) {
        if (needsProof(p) && (askAll || caught.has(frameOf(p))) && !proven.has(key(p))) toAsk.set(key(p), p);
      }
    }
    const frames = new Map<string, Array<SourcedPassage & { readId: string }>>();
    for (const p of toAsk.values()) {
      const f = frameOf(p);
      const list = frames.get(f);
      if (list) list.push(p);
      else frames.set(f, [p]);
    }
    const dropped = new Set<string>();
    /** Passages whose heading has words no reader sees. */
    const headless = new Set<string>();
    /** Frames that could not vouch (another reading, no answer): none of their passages is sent. */
    const mute = new Set<string>();
    /** New text (without words no reader sees), or none: only the heading goes. */
    const rewritten = new Map<string, string | null>();
    await Promise.all(
      [...frames].map(async ([frame, ps]) => {
        const first = ps[0]!;
        let reply: ShownReply | null = null;
        try {
          const ids = ps.map((p) => p.id);
          reply = await bounded(ask(first.tabId, first.frameId, first.readId, ids), SHOWN_TIMEOUT_MS, signal);
        } catch (err) {
          if (signal?.aborted) throw err;
        }
        // A frame that did not answer, or no longer holds the reading asked about, vouches for
        // nothing: the table's row for no answer (lib/shared/seen/seen.ts).
        if (!seen({ answered: reply !== null && reply.unknown !== true }) || reply === null) {
          mute.add(frame);
          for (const p of ps) if (chosenKeys.has(key(p))) unsent.unchecked++;
          return;
        }
        const hidden = new Set(reply.hidden);
        const cut = new Map(reply.cut.map((c) => [c.id, c.text]));
        const noHeading = new Set(reply.noHeading);
        if (hidden.size > 0 || cut.size > 0 || noHeading.size > 0) caught.add(frame);
        for (const p of ps) {
          const text = cut.get(p.id);
          if (!hidden.has(p.id)) {
            proven.add(key(p));
            if (text !== undefined || (noHeading.has(p.id) && p.heading !== undefined)) {
              rewritten.set(key(p), text ?? null);
              if (noHeading.has(p.id)) headless.add(key(p));
              rewrittenEver.add(key(p));
            }
            continue;
          }
          dropped.add(key(p));
          if (chosenKeys.has(key(p))) unsent.hidden++;
        }
      }),
    );
    signal?.throwIfAborted();
    // Every passage chosen is shown as it was read: the choice stands.
    if (dropped.size === 0 && rewritten.size === 0 && mute.size === 0) return done(chosen, keys, current);
    // Chosen again: without what is hidden, and with the words no reader sees taken out.
    current = current
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
}
