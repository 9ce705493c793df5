/**
 * What the pipeline does once the one retry has answered: keep the claims shown while the first
 * reply streamed, give up on a reply malformed twice, abstain, or show the retry's verified claims
 * (all of them, or those left once the broken ones are dropped). Pure, so each case is tested on
 * its own; pipeline.ts logs and acts on it.
 */
import type { FailureOutcome, Problem } from '@/lib/shared/answer/run';

export type RetryVerdict =
  /** The claims shown while the first reply streamed are the answer (the detail says why, for the log). */
  | { kind: 'keep-early'; detail: string }
  /** Neither reply could be read: an error. */
  | { kind: 'malformed' }
  | { kind: 'abstain'; reason: 'no-information' | 'unverifiable'; detail: string }
  /** The retry's verified claims are the answer, `dropped` of its claims left out. */
  | { kind: 'show'; dropped: number; outcome: Extract<FailureOutcome, 'repaired' | 'dropped-claims'>; detail?: string };

export interface RetryReply {
  /** The retry's answer; null when it did not read. */
  answer: { no_information: boolean; claims: unknown[] } | null;
  problems: Problem[];
}

/**
 * The verdict on the retry, given how many of its claims were verified (`kept`) and how many
 * claims were shown while the first reply streamed (`shownEarly`).
 */
export function retryVerdict({ answer, problems }: RetryReply, kept: number, shownEarly: number): RetryVerdict {
  const early = shownEarly > 0;
  if (!answer && early) return { kind: 'keep-early', detail: 'the retry was malformed; the claims verified first stand' };
  if (!answer) return { kind: 'malformed' };
  if (answer.no_information && early)
    return { kind: 'keep-early', detail: 'the retry found no information; the claims verified first stand' };
  if (answer.no_information && problems.length === 0)
    return { kind: 'abstain', reason: 'no-information', detail: 'After the retry Claude found no information.' };
  if (problems.length === 0) return { kind: 'show', dropped: 0, outcome: 'repaired' };
  if (kept > 0) {
    const dropped = answer.claims.length - kept;
    return { kind: 'show', dropped, outcome: 'dropped-claims', detail: `${dropped} claim(s) dropped` };
  }
  if (early) return { kind: 'keep-early', detail: 'no claim of the retry was verified; the claims verified first stand' };
  return { kind: 'abstain', reason: 'unverifiable', detail: 'No claim could be verified after the retry.' };
}
