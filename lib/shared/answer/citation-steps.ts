/**
 * The order in which "Next citation" and "Previous citation" step through an answer's quotes:
 * claim by claim, each claim's citations in turn, across tabs. Pure functions.
 */
import type { Outcome, ShownCitation } from '@/lib/shared/answer/run';

/** Every citation of the answer, in reading order (empty for an abstention). */
export function citationSteps(outcome: Outcome | undefined | null): ShownCitation[] {
  if (!outcome || outcome.kind !== 'answer') return [];
  return outcome.claims.flatMap((claim) => claim.citations);
}

/**
 * The step after `current` (`delta` 1) or before it (-1), or null at either end: stepping stops
 * rather than wraps, so the user knows the last quote was the last. Nothing current yet: Next
 * starts at the first quote, Previous at the last.
 */
export function stepFrom(current: number | null, delta: 1 | -1, count: number): number | null {
  if (count === 0) return null;
  if (current === null || current < 0 || current >= count) return delta === 1 ? 0 : count - 1;
  const next = current + delta;
  return next >= 0 && next < count ? next : null;
}

/** Same citation: same place in the same passage (the run may be read again from storage as new objects). */
export function sameCitation(a: ShownCitation, b: ShownCitation): boolean {
  return (
    a.tabId === b.tabId &&
    a.frameId === b.frameId &&
    a.passageId === b.passageId &&
    a.literal === b.literal &&
    a.index === b.index
  );
}
