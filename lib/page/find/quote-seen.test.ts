// @vitest-environment happy-dom
/**
 * What quote-seen.ts decides itself, without layout: a quote not found is "not-found" before anything
 * measured, and the rest is the table's verdict as the page's reply says it. Whether words are
 * drawn needs layout (happy-dom has none): tests/e2e/page-checks.test.ts proves quotes in real
 * Chromium; the rules themselves are lib/shared/seen/seen.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { seenResultOf, judge } from '@/lib/shared/seen/seen';
import { seenVerdict, proveSeen } from './quote-seen';

const measured = {
  found: true,
  layout: true,
  rendered: true,
  opacity: 1,
  effects: false,
  place: null,
  glyphs: null,
  hits: [],
};

describe('seenVerdict', () => {
  it('says a quote not found is not found, before whatever else was measured of it', () => {
    expect(seenVerdict({ ...measured, found: false })).toEqual({ drawn: false, reason: 'not-found' });
    expect(seenVerdict({ ...measured, found: false, opacity: 0, layout: false })).toEqual({ drawn: false, reason: 'not-found' });
  });

  it('gives a found quote the table’s verdict, as the reply says it', () => {
    for (const m of [
      measured,
      { ...measured, opacity: 0.02 },
      { ...measured, layout: false },
      { ...measured, place: 'outside' as const },
      { ...measured, hits: [{ own: false, movesWithView: false }] },
    ]) {
      expect(seenVerdict(m)).toEqual(seenResultOf(judge(m)));
    }
    expect(seenVerdict(measured)).toEqual({ drawn: true });
    expect(seenVerdict({ ...measured, opacity: 0.02 })).toEqual({ drawn: false, reason: 'faint' });
    // Every measurement reaches the table: another box on top at the words' point covers them.
    expect(seenVerdict({ ...measured, hits: [{ own: false, movesWithView: false }] })).toEqual({
      drawn: false,
      reason: 'covered',
    });
  });
});

describe('proveSeen', () => {
  it('finds each quote as the highlight does: one not in the page is not found, one asked of nothing is nothing', () => {
    document.body.innerHTML = '<p>The ferry leaves the north pier at seven every morning.</p>';
    const target = (literal: string) => ({
      literal,
      passageText: 'The ferry leaves the north pier at seven every morning.',
      passageOrder: 0,
    });
    expect(proveSeen(document, [target('the south pier at nine')])).toEqual([{ drawn: false, reason: 'not-found' }]);
    expect(proveSeen(document, [])).toEqual([]);
  });
});
