/**
 * When each step of one frame's reading happened, carried in its reply to the worker: what
 * `npm run bench:ask` breaks Ask → request down by (tests/bench/ask.ts, docs/eval.md). A handful
 * of clock readings per reading, nothing measured or sent anywhere else: the cost is a few
 * microseconds. Milliseconds since the epoch (`Date.now()`), the clock the worker reads too, so
 * that the two sides' times can be subtracted.
 */
import * as z from 'zod/mini';

const time = z.number();

export const readTimingSchema = z.object({
  /** The page script's bundle began to run in this frame (its first injection). */
  evaluated: z.optional(time),
  /** Its listener was in place. */
  listening: z.optional(time),
  /** The request to read arrived. */
  asked: time,
  /** The page had settled (or the cap ran out). */
  settled: time,
  /** The walk of the visible text ended. */
  walked: time,
  /** Passages laid out, their ids and words ready; the reply left. */
  replied: time,
});
export type ReadTiming = z.infer<typeof readTimingSchema>;
