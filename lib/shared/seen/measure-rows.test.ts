/**
 * The rows that decide what the measures used to decide in place (lib/page/seen/ancestry.ts,
 * seen.ts, behind.ts, cover-style.ts; lib/page/video/read-videos.ts; lib/page/find/quote-seen.ts;
 * lib/worker/reveal/ink.ts): each asked at its boundary, a value just below and just above, as
 * the table is (lib/shared/seen/seen.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { judge } from './seen';
import { judgeInk, judgesBox, INK_RULES, withinFrame } from './ink-seen';
import { hidesUnder, oneColour } from './paint-rules';
import {
  MAX_ORDER_SAMPLES,
  MAX_SHADOW_BLUR_PX,
  MAX_SHADOW_OFFSET_PX,
  MIN_ADVANCE,
  MIN_ALPHA,
  MIN_BACKGROUND_SHARE,
  MIN_INK_BOX_SIDE,
  MIN_INK_SHARE,
  MIN_CONTRAST,
  MIN_STROKE_PX,
  MAX_ORDER_SLIP_PX,
  MAX_RUN_MEASURES,
  MIN_FRAME_SIDE,
  MIN_LINE_SHARE,
  MIN_OPENABLE_SIDE,
  MIN_PLAYER_BOX,
  MAX_FRAME_CLIP_SLACK_PX,
} from './thresholds';

const SEEN = { seen: 'seen' };
const CLIPPED = { seen: 'unseen', why: 'clipped' };
const UNPROVEN = { seen: 'unproven', why: 'unproven' };

describe('the rows of what the boxes around a box leave of it', () => {
  it('says a box left narrower or shorter than its least side is clipped, at each caller’s least', () => {
    for (const least of [MIN_OPENABLE_SIDE, MIN_FRAME_SIDE, MIN_PLAYER_BOX.height]) {
      expect(judge({ sidesLeft: { width: least, height: least, least } }), String(least)).toEqual(SEEN);
      expect(judge({ sidesLeft: { width: least - 0.01, height: 300, least } }), String(least)).toEqual(CLIPPED);
      expect(judge({ sidesLeft: { width: 300, height: least - 0.01, least } }), String(least)).toEqual(CLIPPED);
    }
  });
});

describe('the row of a player’s own box', () => {
  it('says a player narrower or shorter than the least player box has no area', () => {
    const { width, height } = MIN_PLAYER_BOX;
    expect(judge({ playerBox: { width, height } })).toEqual(SEEN);
    expect(judge({ playerBox: { width: width - 0.01, height: 300 } })).toEqual({ seen: 'unseen', why: 'no-area' });
    expect(judge({ playerBox: { width: 300, height: height - 0.01 } })).toEqual({ seen: 'unseen', why: 'no-area' });
  });
});

describe('the rows of a text node’s characters cut off', () => {
  it('says a quote with one of its characters among those cut off is clipped, with none is not', () => {
    expect(judge({ quoteCharsCut: 0 })).toEqual(SEEN);
    expect(judge({ quoteCharsCut: 1 })).toEqual(CLIPPED);
  });

  it('says a node with no character left is clipped, one with one left is not', () => {
    expect(judge({ charsLeft: 1 })).toEqual(SEEN);
    expect(judge({ charsLeft: 0 })).toEqual(CLIPPED);
  });

  it('leaves out what takes more measurements than the budget', () => {
    expect(judge({ runMeasures: MAX_RUN_MEASURES })).toEqual(SEEN);
    expect(judge({ runMeasures: MAX_RUN_MEASURES + 1 })).toEqual(UNPROVEN);
  });
});

describe('the rows of the order letters are drawn in', () => {
  it('says two letters on one line drawn against their direction by more than the slip are reordered', () => {
    const pair = (shared: number, along: number) => ({ letterPair: { shared, shorter: 10, along } });
    expect(judge(pair(10, 8))).toEqual(SEEN);
    expect(judge(pair(10, -MAX_ORDER_SLIP_PX))).toEqual(SEEN);
    expect(judge(pair(10, -MAX_ORDER_SLIP_PX - 0.01))).toEqual({ seen: 'unseen', why: 'reordered' });
    // On one line only: sharing exactly the least share of the shorter's height is one line, less is not.
    expect(judge(pair(MIN_LINE_SHARE * 10, -8))).toEqual({ seen: 'unseen', why: 'reordered' });
    expect(judge(pair(MIN_LINE_SHARE * 10 - 0.01, -8))).toEqual(SEEN);
  });

  it('says two letters on one line, each wider than twice its height and all but over each other, are smeared', () => {
    const TINY = { seen: 'unseen', why: 'tiny-font' };
    const wide = 2 * 10 + 0.01;
    const pair = (along: number, narrower: number, shared = 10) => ({ letterPair: { shared, shorter: 10, along, narrower } });
    // A skew near a right angle: letters 10 px tall drawn 900 px wide, 8 px apart.
    expect(judge(pair(8, 900))).toEqual(TINY);
    expect(judge(pair(MIN_ADVANCE * wide - 0.01, wide))).toEqual(TINY);
    expect(judge(pair(MIN_ADVANCE * wide, wide))).toEqual(SEEN);
    // No wider than twice their height (a cluster of a script whose letters share one box): seen.
    expect(judge(pair(0, 2 * 10))).toEqual(SEEN);
    // Not on one line: not asked.
    expect(judge(pair(0, 900, MIN_LINE_SHARE * 10 - 0.01))).toEqual(SEEN);
  });

  it('leaves unproven a text whose order needs more pairs measured than the budget', () => {
    expect(judge({ orderSamples: MAX_ORDER_SAMPLES })).toEqual(SEEN);
    expect(judge({ orderSamples: MAX_ORDER_SAMPLES + 1 })).toEqual(UNPROVEN);
  });
});

describe('the rows of what paints glyphs besides their fill', () => {
  const TRANSPARENT = { seen: 'unseen', why: 'transparent' };

  it('asks a colour a reader sees, that stands out from what is behind where known', () => {
    expect(judge({ glyphPaint: { alpha: MIN_ALPHA } })).toEqual(SEEN);
    expect(judge({ glyphPaint: { alpha: MIN_ALPHA - 0.01 } })).toEqual(TRANSPARENT);
    expect(judge({ glyphPaint: { alpha: null } })).toEqual(TRANSPARENT);
    expect(judge({ glyphPaint: { alpha: 1, contrast: MIN_CONTRAST } })).toEqual(SEEN);
    expect(judge({ glyphPaint: { alpha: 1, contrast: MIN_CONTRAST - 0.01 } })).toEqual({ seen: 'unseen', why: 'same-colour' });
  });

  it('asks a stroke wide enough, a shadow blurred and moved little enough', () => {
    expect(judge({ glyphPaint: { strokePx: MIN_STROKE_PX } })).toEqual(SEEN);
    expect(judge({ glyphPaint: { strokePx: MIN_STROKE_PX - 0.01 } })).toEqual(TRANSPARENT);
    expect(judge({ glyphPaint: { strokePx: NaN } })).toEqual(TRANSPARENT);
    const shadow = (x: number, y: number, blur: number) => ({ glyphPaint: { alpha: 1, shadow: { x, y, blur } } });
    expect(judge(shadow(-MAX_SHADOW_OFFSET_PX, MAX_SHADOW_OFFSET_PX, MAX_SHADOW_BLUR_PX))).toEqual(SEEN);
    expect(judge(shadow(0, 0, MAX_SHADOW_BLUR_PX + 0.01))).toEqual(TRANSPARENT);
    expect(judge(shadow(-MAX_SHADOW_OFFSET_PX - 0.01, 0, 0))).toEqual(TRANSPARENT);
    expect(judge(shadow(0, MAX_SHADOW_OFFSET_PX + 0.01, 0))).toEqual(TRANSPARENT);
  });
});

describe('the rule of a gradient of one colour', () => {
  it('takes opaque stops none of which stands out from the first by the least contrast as one colour', () => {
    expect(oneColour({ largestContrast: MIN_CONTRAST - 0.01, leastAlpha: 1 })).toBe(true);
    expect(oneColour({ largestContrast: MIN_CONTRAST, leastAlpha: 1 })).toBe(false);
    expect(oneColour({ largestContrast: 1, leastAlpha: 0.99 })).toBe(false);
    expect(oneColour(null)).toBe(false);
  });
});

describe('the rule of paint that hides what is under it', () => {
  it('hides words that would show through at less than the least alpha a reader sees', () => {
    expect(hidesUnder(1)).toBe(true);
    expect(hidesUnder(1 - MIN_ALPHA + 0.01)).toBe(true);
    expect(hidesUnder(1 - MIN_ALPHA)).toBe(false);
    expect(hidesUnder(0.5)).toBe(false);
  });
});

describe('the row of a picture behind the words', () => {
  it('leaves unproven words over a picture not read in time, not read at all, or of no colour', () => {
    expect(judge({ pictureColours: 1 })).toEqual(SEEN);
    expect(judge({ pictureColours: 0 })).toEqual(UNPROVEN);
    expect(judge({ pictureColours: null })).toEqual(UNPROVEN);
  });
});

describe('the pixel proof’s table', () => {
  const SHOWN = { shown: true };
  const UNMEASURED = { shown: false, why: 'unmeasured' };
  const NO_INK = { shown: false, why: 'no-ink' };

  it('leaves unmeasured a box off the image, a cell of no dominant colour, no box judged', () => {
    expect(judgeInk({ onImage: true })).toEqual(SHOWN);
    expect(judgeInk({ onImage: false })).toEqual(UNMEASURED);
    expect(judgeInk({ cell: { area: 100, background: MIN_BACKGROUND_SHARE * 100 } })).toEqual(SHOWN);
    expect(judgeInk({ cell: { area: 100, background: MIN_BACKGROUND_SHARE * 100 - 0.01 } })).toEqual(UNMEASURED);
    expect(judgeInk({ judged: 1 })).toEqual(SHOWN);
    expect(judgeInk({ judged: 0 })).toEqual(UNMEASURED);
  });

  it('says no ink of a wide box, or of all the boxes, under the least share of ink', () => {
    expect(judgeInk({ box: { area: 1000, ink: MIN_INK_SHARE * 1000, wide: true } })).toEqual(SHOWN);
    expect(judgeInk({ box: { area: 1000, ink: MIN_INK_SHARE * 1000 - 0.01, wide: true } })).toEqual(NO_INK);
    // A box higher than it is wide (a single glyph) is asked only with the others.
    expect(judgeInk({ box: { area: 1000, ink: 0, wide: false } })).toEqual(SHOWN);
    expect(judgeInk({ all: { area: 1000, ink: MIN_INK_SHARE * 1000 } })).toEqual(SHOWN);
    expect(judgeInk({ all: { area: 1000, ink: MIN_INK_SHARE * 1000 - 0.01 } })).toEqual(NO_INK);
    for (const rule of INK_RULES) expect(rule.when({}), rule.says).toBe(false);
  });

  it('judges only boxes at least the least side a side', () => {
    expect(judgesBox({ width: MIN_INK_BOX_SIDE, height: MIN_INK_BOX_SIDE })).toBe(true);
    expect(judgesBox({ width: MIN_INK_BOX_SIDE - 1, height: 40 })).toBe(false);
    expect(judgesBox({ width: 40, height: MIN_INK_BOX_SIDE - 1 })).toBe(false);
  });

  it('takes a quote’s box as within its frame up to the slack on each side, not past it', () => {
    const clip = { x: 100, y: 50, width: 400, height: 100 };
    const s = MAX_FRAME_CLIP_SLACK_PX;
    expect(withinFrame(clip, { x: 100 - s, y: 50 - s, width: 400 + 2 * s, height: 100 + 2 * s })).toBe(true);
    expect(withinFrame(clip, { x: 100 - s - 0.5, y: 60, width: 50, height: 20 })).toBe(false);
    expect(withinFrame(clip, { x: 120, y: 50 - s - 0.5, width: 50, height: 20 })).toBe(false);
    expect(withinFrame(clip, { x: 460, y: 60, width: 40 + s + 0.5, height: 20 })).toBe(false);
    expect(withinFrame(clip, { x: 120, y: 140, width: 50, height: 10 + s + 0.5 })).toBe(false);
  });
});
