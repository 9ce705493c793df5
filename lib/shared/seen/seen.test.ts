import { describe, expect, it } from 'vitest';
import { asker, judge, provenBy, WHY_SAID } from './seen';
import { SEEN_RULES } from './rules';
import {
  MAX_CLIP_INSET_PERCENT,
  MAX_CLIPPED_SIDE_PX,
  MAX_FILTER_BLUR_PX,
  MAX_FILTER_BRIGHTNESS,
  MAX_INVERT_KEPT,
  MAX_RECOLOUR_KEPT,
  MAX_STRIKE_SHARE,
  MAX_STROKE_SHARE,
  MIN_ADVANCE,
  MIN_BOX_SCALE,
  MIN_CONTRAST,
  MIN_FILTER_AMOUNT,
  MIN_FONT_PX,
  MIN_FRAME_SIDE,
  MIN_GLYPH_PX,
  MIN_GLYPH_SHARE,
  MIN_INVERT_TURNED,
  MIN_LINE_SHARE,
  MIN_OPACITY,
} from './thresholds';
import type { FilterMeasured, GlyphsMeasured } from './measured';
import { notSeenSchema } from '@/lib/shared/protocol/types';
import { judgePdf, MIN_PDF_TYPE_SIZE, PDF_PAPER, PDF_SEEN_RULES } from './pdf-seen';

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
    // A box that hides overflow: a side of MAX_CLIPPED_SIDE_PX hides all it holds, a little more does not.
    expect(judge({ clipSides: { width: MAX_CLIPPED_SIDE_PX, height: null } }, true)).toEqual({ seen: 'unseen', why: 'clipped' });
    expect(judge({ clipSides: { width: 300, height: MAX_CLIPPED_SIDE_PX } }, true)).toEqual({ seen: 'unseen', why: 'clipped' });
    expect(judge({ clipSides: { width: MAX_CLIPPED_SIDE_PX + 0.01, height: MAX_CLIPPED_SIDE_PX + 0.01 } }, true)).toEqual({
      seen: 'seen',
    });
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
    const reasons = notSeenSchema.options;
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

describe('the rows of thresholds', () => {
  const glyphs = (over: Partial<GlyphsMeasured>): GlyphsMeasured => ({
    drawn: 1,
    onPage: 1,
    shown: 1,
    tallest: 16,
    width: 100,
    height: 16,
    maxChars: 10,
    chars: () => 10,
    ...over,
  });

  it('judges the glyphs’ own rectangles: no area, off the page, clipped, too short, pressed together', () => {
    expect(judge({ glyphBox: glyphs({}) })).toEqual({ seen: 'seen' });
    expect(judge({ glyphBox: glyphs({ drawn: 0, onPage: 0, shown: 0 }) })).toEqual({ seen: 'unseen', why: 'no-area' });
    expect(judge({ glyphBox: glyphs({ onPage: 0, shown: 0 }) })).toEqual({ seen: 'unseen', why: 'outside' });
    expect(judge({ glyphBox: glyphs({ shown: 0 }) })).toEqual({ seen: 'unseen', why: 'clipped' });
    // At the height, seen; just below it, too short.
    expect(judge({ glyphBox: glyphs({ tallest: MIN_GLYPH_PX }) })).toEqual({ seen: 'seen' });
    expect(judge({ glyphBox: glyphs({ tallest: MIN_GLYPH_PX - 0.01 }) })).toEqual({ seen: 'unseen', why: 'tiny-font' });
    // Ten characters on a line 10 high: an advance of exactly MIN_ADVANCE each is seen, less is not.
    const line = { height: 10, tallest: 10, maxChars: 10, chars: () => 10 };
    expect(judge({ glyphBox: glyphs({ ...line, width: MIN_ADVANCE * 10 * 10 }) })).toEqual({ seen: 'seen' });
    expect(judge({ glyphBox: glyphs({ ...line, width: MIN_ADVANCE * 10 * 10 - 0.01 }) })).toEqual({
      seen: 'unseen',
      why: 'tiny-font',
    });
    // Two characters pressed together are not counted as pressed (a ligature, a kerned pair).
    expect(judge({ glyphBox: glyphs({ ...line, width: 0.1, maxChars: 2, chars: () => 2 }) })).toEqual({ seen: 'seen' });
    // The characters are counted only when the width is small.
    let counted = 0;
    judge({ glyphBox: glyphs({ chars: () => ++counted }) });
    expect(counted).toBe(0);
  });

  it('judges where a box lies and what its own clip leaves', () => {
    expect(judge({ placed: { area: false, onPage: false } })).toEqual({ seen: 'unseen', why: 'no-area' });
    expect(judge({ placed: { area: true, onPage: false } })).toEqual({ seen: 'unseen', why: 'outside' });
    expect(judge({ placed: { area: true, onPage: true } })).toEqual({ seen: 'seen' });
    const clip = { emptyRect: false, insetPercent: 0, noRadius: false };
    expect(judge({ clip })).toEqual({ seen: 'seen' });
    expect(judge({ clip: { ...clip, emptyRect: true } })).toEqual({ seen: 'unseen', why: 'clipped' });
    expect(judge({ clip: { ...clip, noRadius: true } })).toEqual({ seen: 'unseen', why: 'clipped' });
    expect(judge({ clip: { ...clip, insetPercent: MAX_CLIP_INSET_PERCENT } })).toEqual({ seen: 'unseen', why: 'clipped' });
    expect(judge({ clip: { ...clip, insetPercent: MAX_CLIP_INSET_PERCENT - 0.01 } })).toEqual({ seen: 'seen' });
    // A glyph cut by a box around it: half of it left is seen, less is not.
    expect(judge({ glyphCut: { left: MIN_GLYPH_SHARE * 80, whole: 80 } })).toEqual({ seen: 'seen' });
    expect(judge({ glyphCut: { left: MIN_GLYPH_SHARE * 80 - 0.01, whole: 80 } })).toEqual({ seen: 'unseen', why: 'clipped' });
  });

  it('settles a filter at each threshold of its own, and leaves one it cannot read unproven', () => {
    // (On an element that paints what is behind its words: the filter turns both alike.)
    const filter = (name: string, amount: number, backed = true): FilterMeasured => ({
      functions: [{ name, amount }],
      unread: false,
      backed,
    });
    const unproven = { seen: 'unproven', why: 'unproven' };
    expect(judge({ filter: { functions: [], unread: true } })).toEqual(unproven);
    for (const name of ['contrast', 'brightness']) {
      expect(judge({ filter: filter(name, MIN_FILTER_AMOUNT) }), name).toEqual({ seen: 'seen' });
      expect(judge({ filter: filter(name, MIN_FILTER_AMOUNT - 0.01) }), name).toEqual(unproven);
      expect(judge({ filter: filter(name, NaN) }), name).toEqual(unproven);
    }
    expect(judge({ filter: filter('brightness', MAX_FILTER_BRIGHTNESS) })).toEqual({ seen: 'seen' });
    expect(judge({ filter: filter('brightness', MAX_FILTER_BRIGHTNESS + 0.01) })).toEqual(unproven);
    expect(judge({ filter: filter('invert', MAX_INVERT_KEPT) })).toEqual({ seen: 'seen' });
    expect(judge({ filter: filter('invert', MIN_INVERT_TURNED) })).toEqual({ seen: 'seen' });
    expect(judge({ filter: filter('invert', MAX_INVERT_KEPT + 0.01) })).toEqual(unproven);
    expect(judge({ filter: filter('invert', MIN_INVERT_TURNED - 0.01) })).toEqual(unproven);
    expect(judge({ filter: filter('blur', MAX_FILTER_BLUR_PX) })).toEqual({ seen: 'seen' });
    expect(judge({ filter: filter('blur', MAX_FILTER_BLUR_PX + 0.01) })).toEqual(unproven);
    // Opacity is multiplied up the tree by the measure, and the colour shifts settle; any other function does not.
    expect(judge({ filter: filter('opacity', 0) })).toEqual({ seen: 'seen' });
    expect(judge({ filter: filter('sepia', 1) })).toEqual({ seen: 'seen' });
    expect(judge({ filter: filter('swirl', 1) })).toEqual(unproven);
    // Not backed: a filter that changes the words' colour beyond a small shift, and not that of
    // what shows behind them, is unproven; within the shift, or not changing it, it settles.
    for (const name of ['contrast', 'brightness']) {
      expect(judge({ filter: filter(name, MAX_RECOLOUR_KEPT, false) }), name).toEqual({ seen: 'seen' });
      expect(judge({ filter: filter(name, 1 / MAX_RECOLOUR_KEPT, false) }), name).toEqual({ seen: 'seen' });
      expect(judge({ filter: filter(name, MAX_RECOLOUR_KEPT + 0.01, false) }), name).toEqual(unproven);
      expect(judge({ filter: filter(name, 1 / MAX_RECOLOUR_KEPT - 0.01, false) }), name).toEqual(unproven);
    }
    expect(judge({ filter: filter('invert', MAX_INVERT_KEPT, false) })).toEqual({ seen: 'seen' });
    expect(judge({ filter: filter('invert', 1, false) })).toEqual(unproven);
    expect(judge({ filter: { functions: [{ name: 'invert', amount: 1 }], unread: false } })).toEqual(unproven);
    expect(judge({ filter: filter('sepia', 1, false) })).toEqual({ seen: 'seen' });
  });

  it('takes a painting order not told, a frame not placed or under a frame not read, as not seen', () => {
    expect(judge({ paintedOver: false })).toEqual({ seen: 'seen' });
    expect(judge({ paintedOver: true })).toEqual({ seen: 'unseen', why: 'covered' });
    expect(judge({ paintedOver: null })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judge({ framePlaced: true, framesAboveRead: true, framesAboveShow: true })).toEqual({ seen: 'seen' });
    expect(judge({ framePlaced: false })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judge({ frameSide: MIN_FRAME_SIDE })).toEqual({ seen: 'seen' });
    expect(judge({ frameSide: MIN_FRAME_SIDE - 0.01 })).toEqual({ seen: 'unseen', why: 'no-area' });
    expect(judge({ framesAboveRead: false, framesAboveShow: true })).toEqual({ seen: 'unproven', why: 'no-answer' });
    expect(judge({ framesAboveRead: true, framesAboveShow: false })).toEqual({ seen: 'unseen', why: 'not-rendered' });
  });

  it('says a thick line through the words, a wide stroke of the colour behind them, or lines drawn over each other hide them', () => {
    const covered = { seen: 'unseen', why: 'covered' };
    // A price struck through is thin; a bar a quarter as tall as the letters is not.
    expect(judge({ struck: { thickness: 1, height: 18 } })).toEqual({ seen: 'seen' });
    expect(judge({ struck: { thickness: MAX_STRIKE_SHARE * 18 - 0.01, height: 18 } })).toEqual({ seen: 'seen' });
    expect(judge({ struck: { thickness: MAX_STRIKE_SHARE * 18, height: 18 } })).toEqual(covered);
    expect(judge({ struck: { thickness: NaN, height: 18 } })).toEqual(covered);
    // A stroke eats the fill only when wide and of a colour that does not stand out.
    const stroke = (width: number, shows: boolean) => judge({ strokeOver: { width, fontPx: 16, shows } });
    expect(stroke(MAX_STROKE_SHARE * 16 - 0.01, false)).toEqual({ seen: 'seen' });
    expect(stroke(MAX_STROKE_SHARE * 16, false)).toEqual({ seen: 'unseen', why: 'same-colour' });
    expect(stroke(8, true)).toEqual({ seen: 'seen' });
    // Lines closer than half their height share it.
    expect(judge({ stackedLines: { shared: 2.4, shorter: 18.4 } })).toEqual({ seen: 'seen' });
    expect(judge({ stackedLines: { shared: MIN_LINE_SHARE * 18.4, shorter: 18.4 } })).toEqual(covered);
    expect(judge({ stackedLines: { shared: 0, shorter: 0 } })).toEqual({ seen: 'seen' });
  });

  it('says glyphs drawn as discs (-webkit-text-security) show no word', () => {
    expect(judge({ textSecurity: 'none' })).toEqual({ seen: 'seen' });
    expect(judge({ textSecurity: 'disc' })).toEqual({ seen: 'unseen', why: 'not-rendered' });
  });

  it('says a box drawn below its least scale is too small, after every other row', () => {
    expect(judge({ scale: MIN_BOX_SCALE })).toEqual({ seen: 'seen' });
    expect(judge({ scale: MIN_BOX_SCALE - 0.01 })).toEqual({ seen: 'unseen', why: 'tiny-font' });
    expect(judge({ scale: 0, effects: true })).toEqual({ seen: 'unproven', why: 'unproven' });
  });
});

describe('judgePdf', () => {
  it('holds the PDFs’ rows: no walk, a speck, an invisible mode, the paper’s white, an item not matched', () => {
    expect(judgePdf({ walked: true, typePt: 11, mode: 0, fillLeast: 0x20, picture: false, matched: true })).toEqual({
      seen: 'seen',
    });
    expect(judgePdf({ walked: false })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judgePdf({ typePt: MIN_PDF_TYPE_SIZE })).toEqual({ seen: 'seen' });
    expect(judgePdf({ typePt: MIN_PDF_TYPE_SIZE - 0.01 })).toEqual({ seen: 'unseen', why: 'tiny-font' });
    for (const mode of [3, 7]) expect(judgePdf({ mode }), String(mode)).toEqual({ seen: 'unseen', why: 'not-rendered' });
    expect(judgePdf({ mode: 1, fillLeast: 0xff })).toEqual({ seen: 'seen' });
    expect(judgePdf({ mode: 0, fillLeast: PDF_PAPER })).toEqual({ seen: 'unseen', why: 'same-colour' });
    expect(judgePdf({ mode: 0, fillLeast: PDF_PAPER - 1 })).toEqual({ seen: 'seen' });
    expect(judgePdf({ mode: 0, fillLeast: null })).toEqual({ seen: 'seen' });
    // A scanned page's text layer is drawn invisibly over the picture of its words: a reader reads it there.
    expect(judgePdf({ mode: 3, picture: true })).toEqual({ seen: 'seen' });
    expect(judgePdf({ mode: 0, fillLeast: 0xff, picture: true })).toEqual({ seen: 'seen' });
    expect(judgePdf({ matched: false, someUnseen: true })).toEqual({ seen: 'unproven', why: 'unproven' });
    expect(judgePdf({ matched: false, someUnseen: false })).toEqual({ seen: 'seen' });
    for (const rule of PDF_SEEN_RULES) expect(rule.when({}), rule.says).toBe(false);
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
