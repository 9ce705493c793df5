import { describe, expect, it } from 'vitest';
import type { Problem } from '@/lib/shared/answer/run';
import { retryVerdict } from './retry-verdict';

const broken: Problem = { kind: 'not-in-fragment', claim: 0, citation: 0, index: 1, literal: 'a café', message: 'not found' };
const answer = (claims: number, no_information = false) => ({
  no_information,
  claims: Array.from({ length: claims }, (_, i) => i),
});

describe('retryVerdict', () => {
  it('a retry that did not read: the early claims when there are some, else an error', () => {
    expect(retryVerdict({ answer: null, problems: [broken] }, 0, 2)).toEqual({
      kind: 'keep-early',
      detail: 'the retry was malformed; the claims verified first stand',
    });
    expect(retryVerdict({ answer: null, problems: [broken] }, 0, 0)).toEqual({ kind: 'malformed' });
  });

  it('a retry with no information: the early claims stand, else it abstains when nothing is broken', () => {
    expect(retryVerdict({ answer: answer(0, true), problems: [] }, 0, 1)).toMatchObject({ kind: 'keep-early' });
    expect(retryVerdict({ answer: answer(0, true), problems: [] }, 0, 0)).toEqual({
      kind: 'abstain',
      reason: 'no-information',
      detail: 'After the retry Claude found no information.',
    });
  });

  it('shows the retry whole when every citation passed, or what was verified with the rest counted as dropped', () => {
    expect(retryVerdict({ answer: answer(2), problems: [] }, 2, 0)).toEqual({ kind: 'show', dropped: 0, outcome: 'repaired' });
    expect(retryVerdict({ answer: answer(3), problems: [broken] }, 1, 0)).toEqual({
      kind: 'show',
      dropped: 2,
      outcome: 'dropped-claims',
      detail: '2 claim(s) dropped',
    });
  });

  it('a retry with nothing verified: the early claims stand, else it abstains as unverifiable', () => {
    expect(retryVerdict({ answer: answer(1), problems: [broken] }, 0, 1)).toEqual({
      kind: 'keep-early',
      detail: 'no claim of the retry was verified; the claims verified first stand',
    });
    expect(retryVerdict({ answer: answer(1), problems: [broken] }, 0, 0)).toMatchObject({
      kind: 'abstain',
      reason: 'unverifiable',
    });
    // Said to have no information yet with a broken citation: judged by what was verified.
    expect(retryVerdict({ answer: answer(1, true), problems: [broken] }, 0, 0)).toMatchObject({
      kind: 'abstain',
      reason: 'unverifiable',
    });
  });
});
