import { describe, expect, it } from 'vitest';
import type { Outcome, ShownCitation } from '@/lib/shared/answer/run';
import { citationSteps, sameCitation, stepFrom } from './citation-steps';

const cite = (tabId: number, literal: string): ShownCitation => ({
  literal,
  index: tabId,
  passageId: `p${tabId}`,
  passageText: literal,
  passageOrder: 0,
  tabId,
  windowId: 1,
  frameId: 0,
  url: `https://example.com/${tabId}`,
  title: `Page ${tabId}`,
  site: 'example.com',
});
const checks = { citations: 3, broken: 0 };

describe('citationSteps', () => {
  it('lists the quotes claim by claim, in the order the answer shows them, across tabs', () => {
    const a = cite(1, 'first quote of tab one');
    const b = cite(2, 'a quote of tab two');
    const c = cite(1, 'second quote of tab one');
    const outcome: Outcome = {
      kind: 'answer',
      claims: [
        { text: 'x', citations: [a, b] },
        { text: 'y', citations: [c] },
      ],
      droppedClaims: 0,
      retried: false,
      checks,
    };
    expect(citationSteps(outcome)).toEqual([a, b, c]);
  });

  it('has nothing to step through for an abstention or no answer', () => {
    expect(citationSteps({ kind: 'abstain', reason: 'no-information', retried: false, checks })).toEqual([]);
    expect(citationSteps(undefined)).toEqual([]);
  });
});

describe('stepFrom', () => {
  it('Next starts at the first quote and Previous at the last when none is shown yet', () => {
    expect(stepFrom(null, 1, 3)).toBe(0);
    expect(stepFrom(null, -1, 3)).toBe(2);
  });
  it('moves one quote at a time and stops at either end instead of wrapping', () => {
    expect(stepFrom(0, 1, 3)).toBe(1);
    expect(stepFrom(1, -1, 3)).toBe(0);
    expect(stepFrom(2, 1, 3)).toBeNull();
    expect(stepFrom(0, -1, 3)).toBeNull();
  });
  it('has no step in an answer without quotes, and restarts from a stale position', () => {
    expect(stepFrom(null, 1, 0)).toBeNull();
    expect(stepFrom(7, 1, 3)).toBe(0);
  });
});

describe('sameCitation', () => {
  it('recognises a citation read again from storage, and tells apart two quotes of one passage', () => {
    const a = cite(1, 'first quote of tab one');
    expect(sameCitation(a, { ...a })).toBe(true);
    expect(sameCitation(a, { ...a, literal: 'another quote' })).toBe(false);
  });
});
