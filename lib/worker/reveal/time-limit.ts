/**
 * A click on a citation ends within its time limit, in the highlight or in words, never in silence
 * (issue #47): each step of it that waits on a page or on the browser (the quote finder injected
 * and asked, the pixel proof's capture, the paint) is given a limit here, and a step that has not
 * settled by then ends as its `late` says. A frozen tab (`tabs.Tab.frozen`: Chromium runs none of
 * its tasks, an injection into it waits until it is shown) answered none of them, and the click
 * waited for ever, the popup showing the answer and no note.
 */
import { bounded, TimeLimitError } from '@/lib/shared/core/time-limit';

/**
 * The longest wait for a page's answer to one request (the quote finder injected, then asked).
 * A click in a tab open waits on three at most in a row (the highlight, the proof, then the paint
 * or the note in the page; a clearing is not waited on): 24 s, within the 30 s a user (and the
 * benchmarks) would wait.
 */
export const PAGE_ANSWER_MS = 8_000;
/** The longest wait for the pixel proof: the tab in front, drawn, captured and measured. */
export const PROOF_MS = 8_000;
/** The longest wait for one capture of the visible tab. */
export const CAPTURE_MS = 5_000;

/** Thrown by a step that had no answer within its limit. */
export class NoAnswerInTime extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: no answer within ${ms} ms`);
    this.name = 'NoAnswerInTime';
  }
}

/**
 * Settles as `work` does, or, if it has not settled within `ms`, as `late` says (its value, or
 * what it throws): `bounded` (lib/shared/core/time-limit.ts), the worker's one time limit, with
 * the step's own ending. `work` is not stopped: what it does after is the caller's to make harmless.
 */
export async function withinLimit<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  try {
    return await bounded(work, ms);
  } catch (err) {
    if (err instanceof TimeLimitError) return late();
    throw err;
  }
}
