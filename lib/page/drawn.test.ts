// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { judge } from '@/lib/shared/seen';
import { drawnVerdict, proveDrawn } from './drawn';

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

describe('drawnVerdict', () => {
  it('passes a quote found, placed, painted and uncovered', () => {
    expect(drawnVerdict(measured)).toEqual({ drawn: true });
  });

  it('gives the first reason a quote is not drawn', () => {
    expect(drawnVerdict({ ...measured, found: false })).toEqual({ drawn: false, reason: 'not-found' });
    expect(drawnVerdict({ ...measured, place: 'outside', alpha: 0 })).toEqual({
      drawn: false,
      reason: 'transparent',
    });
    expect(drawnVerdict({ ...measured, place: 'outside', glyphs: 'tiny-font' })).toEqual({ drawn: false, reason: 'outside' });
    expect(drawnVerdict({ ...measured, contrast: 1, hits: [{ own: false, movesWithView: false }] })).toEqual({
      drawn: false,
      reason: 'same-colour',
    });
    expect(drawnVerdict({ ...measured, hits: [{ own: false, movesWithView: false }] })).toEqual({
      drawn: false,
      reason: 'covered',
    });
  });

  it('proves nothing where nothing is measured: no layout, an effect not settled, a value not read', () => {
    expect(drawnVerdict({ ...measured, layout: false })).toEqual({ drawn: false, reason: 'unproven' });
    expect(drawnVerdict({ ...measured, effects: true })).toEqual({ drawn: false, reason: 'unproven' });
    expect(drawnVerdict({ ...measured, alpha: null })).toEqual({ drawn: false, reason: 'unproven' });
    expect(drawnVerdict({ ...measured, glyphs: 'unmeasured' })).toEqual({ drawn: false, reason: 'unproven' });
  });

  it('says words drawn almost transparent are not seen', () => {
    expect(drawnVerdict({ ...measured, opacity: 0.02 })).toEqual({ drawn: false, reason: 'faint' });
    expect(drawnVerdict({ ...measured, opacity: 0.5 })).toEqual({ drawn: true });
  });
});

describe('the covering rule', () => {
  it('says covered only when every point tested is under a box that scrolls with the page', () => {
    const under = { own: false, movesWithView: false };
    const mine = { own: true, movesWithView: false };
    const banner = { own: false, movesWithView: true };
    const covered = (hits: Array<typeof under>) => judge({ hits }).seen !== 'seen';
    expect(covered([under, under])).toBe(true);
    expect(covered([under, mine])).toBe(false);
    // A fixed banner covers words only at some scroll positions.
    expect(covered([banner])).toBe(false);
    // Nothing in view, nothing tested: nothing proven.
    expect(covered([])).toBe(false);
  });
});

describe('proveDrawn', () => {
  it('finds each quote as the highlight does; one not in the page is not drawn', () => {
    document.body.innerHTML = '<p>The ferry leaves the north pier at seven every morning.</p>';
    const target = (literal: string) => ({
      literal,
      passageText: 'The ferry leaves the north pier at seven every morning.',
      passageOrder: 0,
    });
    expect(proveDrawn(document, [target('leaves the north pier at seven'), target('the south pier at nine')])).toEqual([
      { drawn: true },
      { drawn: false, reason: 'not-found' },
    ]);
  });
});
