/**
 * One round of the check before sending (seen-step.ts): the passages to ask grouped by the frame
 * and reading they came from, each frame asked once (bounded: a frame that does not answer in time
 * vouches for none of its passages), and its reply read into what the next choice is made among:
 * the passages proven, left out (hidden, or their frame mute), or written again without the words
 * (or the heading) no reader sees. Kept apart from the rounds' loop so that each part reads in one
 * sitting; the question to the frames is passed in, so this is tested without a browser (through
 * seen-step.test.ts).
 */
import { bounded } from '@/lib/shared/core/time-limit';
import { seen } from '@/lib/shared/seen/seen';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { key } from '@/lib/worker/prompt/reuse';
import type { AskSeen, SeenReply } from '@/lib/worker/read/page-reading';

/** A frame that does not answer in this time vouches for none of its passages. */
export const SHOWN_TIMEOUT_MS = 5_000;

/** A passage of a page's reading: what the check asks of its frame. */
export type Provable = SourcedPassage & { readId: string };

export interface Unsent {
  hidden: number;
  unchecked: number;
  cut: number;
}

/** What the rounds of one check have learnt so far, added to by each round. */
export interface SeenState {
  /** The keys (`prompt/reuse.ts`) of the passages their frames vouched for. */
  proven: Set<string>;
  unsent: Unsent;
  /** Passages whose text was ever written again without words no reader sees. */
  rewrittenEver: Set<string>;
  /**
   * Frames that hid words in what was chosen: every passage of theirs still unproven is asked in
   * the next round, so that a page stuffed with hidden passages costs one more round, not one per
   * budgetful, and cannot crowd other tabs out of the choice; and what is chosen from it then is
   * ranked by the words a reader sees.
   */
  caught: Set<string>;
}

/** What one round's replies say of the pool. */
export interface RoundVerdict {
  dropped: Set<string>;
  /** Passages whose heading has words no reader sees. */
  headless: Set<string>;
  /** Frames that could not vouch (another reading, no answer): none of their passages is sent. */
  mute: Set<string>;
  /** New text (without words no reader sees), or none: only the heading goes. */
  rewritten: Map<string, string | null>;
}

/** The frame and reading a passage was read in: what one question to a page covers. */
export const frameOf = (p: Provable): string => `${p.tabId}/${p.frameId}/${p.readId}`;

/** The passages to ask, by the frame and reading each question covers, in the order they came. */
function byFrame(toAsk: Map<string, Provable>): Map<string, Provable[]> {
  const frames = new Map<string, Provable[]>();
  for (const p of toAsk.values()) {
    const f = frameOf(p);
    const list = frames.get(f);
    if (list) list.push(p);
    else frames.set(f, [p]);
  }
  return frames;
}

/**
 * Asks every frame about its passages of `toAsk`; `chosenKeys`: those the choice would send (a
 * passage asked only because its frame was caught, or every one was, is not counted as unsent).
 */
export async function askRound(
  toAsk: Map<string, Provable>,
  chosenKeys: ReadonlySet<string>,
  ask: AskSeen,
  state: SeenState,
  signal?: AbortSignal,
): Promise<RoundVerdict> {
  const verdict: RoundVerdict = { dropped: new Set(), headless: new Set(), mute: new Set(), rewritten: new Map() };
  await Promise.all(
    [...byFrame(toAsk)].map(async ([frame, ps]) => {
      const first = ps[0]!;
      let reply: SeenReply | null = null;
      try {
        const ids = ps.map((p) => p.id);
        reply = await bounded(ask(first.tabId, first.frameId, first.readId, ids), SHOWN_TIMEOUT_MS, signal);
      } catch (err) {
        if (signal?.aborted) throw err;
      }
      readReply(frame, ps, reply, chosenKeys, state, verdict);
    }),
  );
  return verdict;
}

/** One frame's reply (null: none in time) read into the round's verdict and the check's state. */
function readReply(
  frame: string,
  ps: Provable[],
  reply: SeenReply | null,
  chosenKeys: ReadonlySet<string>,
  state: SeenState,
  verdict: RoundVerdict,
): void {
  // A frame that did not answer, or no longer holds the reading asked about, vouches for
  // nothing: the table's row for no answer (lib/shared/seen/seen.ts).
  if (!seen({ answered: reply !== null && reply.unknown !== true }) || reply === null) {
    verdict.mute.add(frame);
    for (const p of ps) if (chosenKeys.has(key(p))) state.unsent.unchecked++;
    return;
  }
  const hidden = new Set(reply.hidden);
  const cut = new Map(reply.cut.map((c) => [c.id, c.text]));
  const noHeading = new Set(reply.noHeading);
  if (hidden.size > 0 || cut.size > 0 || noHeading.size > 0) state.caught.add(frame);
  for (const p of ps) {
    const text = cut.get(p.id);
    if (!hidden.has(p.id)) {
      state.proven.add(key(p));
      if (text !== undefined || (noHeading.has(p.id) && p.heading !== undefined)) {
        verdict.rewritten.set(key(p), text ?? null);
        if (noHeading.has(p.id)) verdict.headless.add(key(p));
        state.rewrittenEver.add(key(p));
      }
      continue;
    }
    verdict.dropped.add(key(p));
    if (chosenKeys.has(key(p))) state.unsent.hidden++;
  }
}
