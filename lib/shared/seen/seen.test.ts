import { describe, expect, it } from 'vitest';
import { asker, judge, MIN_CONTRAST, MIN_FONT_PX, MIN_OPACITY, provenBy, SEEN_RULES, WHY_SAID } from './seen';
import { notDrawnSchema } from '@/lib/shared/protocol/types';

describe('judge', () => {
  it('says seen only when nothing measured says otherwise', () => {
    expect(
      judge({
        answered: true,
        display: 'block',
        visibility: 'visible',
        layout: true,
        rendered: true,
        opacity: 1,
        effects: false,
        alpha: 1,
        contrast: 12,
        fontPx: 16,
        glyphs: null,
      }),
    ).toEqual({ seen: 'seen' });
  });

  it('takes what cannot be measured as not seen: no layout, a value not read, no answer', () => {
    expect(judge({ layout: false })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judge({ opacity: null })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judge({ rendered: null })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judge({ glyphs: 'unmeasured' })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judge({ alpha: null })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judge({ answered: false })).toEqual({ seen: 'unproven', why: 'no-answer' });
  });

  it('says words drawn below a tenth of their opacity are unseen, and a mask or blend unproven', () => {
    expect(judge({ opacity: 0.02 })).toEqual({ seen: 'unseen', why: 'faint' });
    expect(judge({ opacity: 0.3 })).toEqual({ seen: 'seen' });
    expect(judge({ effects: true })).toEqual({ seen: 'unproven', why: 'unproven' });
  });

  it('holds the reading walk’s cheap rules: display none unless a reader opens it, visibility, a box clipped to nothing', () => {
    expect(judge({ display: 'none' }, true)).toEqual({ seen: 'unseen', why: 'not-rendered' });
    expect(judge({ display: 'none', opens: true }, true)).toEqual({ seen: 'seen' });
    expect(judge({ visibility: 'hidden' }, true)).toEqual({ seen: 'unseen', why: 'not-rendered' });
    expect(judge({ visibility: 'collapse' }, true)).toEqual({ seen: 'unseen', why: 'not-rendered' });
    expect(judge({ clippedAway: true }, true)).toEqual({ seen: 'unseen', why: 'clipped' });
    // The reading walk asks the cheap rows only: the costly ones wait for the check.
    expect(judge({ visibility: 'visible', opacity: 0 }, true)).toEqual({ seen: 'seen' });
    expect(judge({ visibility: 'visible', opacity: 0 })).toEqual({ seen: 'unseen', why: 'faint' });
  });

  it('holds the rules of paint: font size, a transparent fill, the colour of what is behind, unless painted otherwise', () => {
    expect(judge({ fontPx: MIN_FONT_PX / 2 })).toEqual({ seen: 'unseen', why: 'tiny-font' });
    expect(judge({ fontPx: 16, alpha: 0.05 })).toEqual({ seen: 'unseen', why: 'transparent' });
    expect(judge({ fontPx: 16, alpha: 0.05, paintedOtherwise: true })).toEqual({ seen: 'seen' });
    expect(judge({ fontPx: 16, alpha: 1, contrast: MIN_CONTRAST - 0.05 })).toEqual({ seen: 'unseen', why: 'same-colour' });
    expect(judge({ fontPx: 16, alpha: 1, contrast: MIN_CONTRAST - 0.05, otherPaint: true })).toEqual({ seen: 'seen' });
    expect(judge({ fontPx: 16, alpha: 1, contrast: 4.5 })).toEqual({ seen: 'seen' });
  });

  it('says covered only when every point tested is under a box that scrolls with the page', () => {
    const under = { own: false, movesWithView: false };
    expect(judge({ hits: [under, under] })).toEqual({ seen: 'unseen', why: 'covered' });
    expect(judge({ hits: [under, { own: true, movesWithView: false }] })).toEqual({ seen: 'seen' });
    expect(judge({ hits: [{ own: false, movesWithView: true }] })).toEqual({ seen: 'seen' });
    expect(judge({ hits: [] })).toEqual({ seen: 'seen' });
  });

  it('is a table a reviewer reads: every row says why in words of its own, every reason is said as the quote’s', () => {
    const says = SEEN_RULES.map((r) => r.says);
    // No row borrows another's words, and each is a sentence.
    expect(new Set(says).size).toBe(says.length);
    for (const rule of SEEN_RULES) {
      expect(rule.says, rule.why).toMatch(/^[A-Z][^]*[a-z0-9)]\.$/);
      // A row applies only to something measured, and says what (an asker of some fields asks the rows that read them).
      expect(rule.when({}), rule.says).toBe(false);
      expect(rule.reads.length, rule.says).toBeGreaterThan(0);
    }
    // Every reason a page may give is a row's (provenBy takes unseen or unproven from it), and is said.
    const reasons = notDrawnSchema.options;
    for (const why of reasons)
      expect(
        SEEN_RULES.some((r) => r.why === why),
        why,
      ).toBe(true);
    expect(Object.keys(WHY_SAID).sort()).toEqual([...reasons].sort());
    const said = reasons.map((why) => WHY_SAID[why]);
    expect(new Set(said).size).toBe(said.length);
    // Said to the model and in the log as "The quote … {why}": each ends that sentence.
    for (const why of reasons) expect(`The quote ${WHY_SAID[why]}.`, why).toMatch(/^The quote (is|has|lies) [a-z].*[a-z0-9)]\.$/);
    expect(WHY_SAID.faint).toContain(String(MIN_OPACITY));
  });
});

describe('asker', () => {
  it('asks only the rows that read what a caller measures, in the table’s order, cheap ones only where told', () => {
    const byPlace = asker(['place']);
    expect(byPlace({ place: 'outside' })).toEqual({ seen: 'unseen', why: 'outside' });
    expect(byPlace({ place: null })).toEqual({ seen: 'seen' });
    // The same verdicts as the whole table gives.
    for (const m of [{ display: 'none' }, { display: 'none', opens: true }, { display: 'block' }]) {
      expect(asker(['display', 'opens'], true)(m)).toEqual(judge(m, true));
      expect(asker(['display', 'opens'])(m)).toEqual(judge(m));
    }
  });
});

describe('provenBy', () => {
  it('reads a page’s answer about a quote; no answer is the row for no answer', () => {
    expect(provenBy({ drawn: true })).toEqual({ seen: 'seen' });
    expect(provenBy({ drawn: false, reason: 'covered' })).toEqual({ seen: 'unseen', why: 'covered' });
    expect(provenBy({ drawn: false, reason: 'unproven' })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(provenBy(undefined)).toEqual({ seen: 'unproven', why: 'no-answer' });
  });
});
