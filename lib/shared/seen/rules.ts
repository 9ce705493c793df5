/**
 * The table of rules of what a reader sees, read top to bottom: each row, given what was measured
 * (lib/shared/seen/measured.ts), says when it applies, what it makes the words (unseen, or unproven:
 * nothing measured settles it) and why, in a reviewer's words. The first row that applies decides;
 * none: seen. Asked through `judge` and `asker` (lib/shared/seen/seen.ts). Pure data.
 */
import {
  MIN_OPACITY,
  MIN_GLYPH_PX,
  MIN_ADVANCE,
  MIN_FONT_PX,
  MAX_CLIP_INSET_PERCENT,
  MAX_CLIPPED_SIDE_PX,
  MIN_GLYPH_SHARE,
  MIN_FRAME_SIDE,
  MIN_BOX_SCALE,
  MIN_PLAYER_BOX,
  MIN_LINE_SHARE,
  MAX_ORDER_SLIP_PX,
  MAX_RUN_MEASURES,
  MAX_STRIKE_SHARE,
  MAX_STROKE_SHARE,
  MAX_ORDER_SAMPLES,
} from './thresholds';
import type { GlyphsMeasured, SeenRule } from './measured';
import { FILTER_RULES } from './filter-rules';
import { PAINT_RULES } from './paint-rules';

const hidesVisibility = (v: string | undefined) => v === 'hidden' || v === 'collapse';

/**
 * Whether more than two glyphs each advance less than `MIN_ADVANCE` of their line's height: the
 * width the characters take, against the height of their line (glyphs drawn over each other, a
 * huge negative letter spacing, take none). The characters are counted only when the width is small.
 */
function pressed(g: GlyphsMeasured): boolean {
  if (g.width >= MIN_ADVANCE * g.height * g.maxChars) return false;
  const count = g.chars();
  return count > 2 && g.width / count < MIN_ADVANCE * g.height;
}

/**
 * Whether two neighbouring letters on one line are smeared over each other: each box wider than
 * twice its height (a letter sheared along the line, not a cluster of a script whose letters share
 * one box), and their middles closer than `MIN_ADVANCE` of that width.
 */
function smeared(p: { shared: number; shorter: number; along: number; narrower?: number }): boolean {
  if (p.narrower === undefined || p.shared < MIN_LINE_SHARE * p.shorter) return false;
  return p.narrower > p.shorter / MIN_LINE_SHARE && Math.abs(p.along) < MIN_ADVANCE * p.narrower;
}

/** The rules, first match wins. */
export const SEEN_RULES: readonly SeenRule[] = [
  {
    why: 'no-answer',
    seen: 'unproven',
    cheap: true,
    reads: ['answered'],
    when: (m) => m.answered === false,
    says: 'The frame asked did not answer in time, or no longer holds the reading asked about: nothing was measured.',
  },
  {
    why: 'no-area',
    seen: 'unseen',
    reads: ['frameSide'],
    when: (m) => typeof m.frameSide === 'number' && !(m.frameSide >= MIN_FRAME_SIDE),
    says: `The frame that holds them is narrower or shorter than ${MIN_FRAME_SIDE}px: a hidden or tracking frame.`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['framePlaced'],
    when: (m) => m.framePlaced === false,
    says: 'The frame that holds them does not say where it sits among the frames above it: nothing says a page shows it.',
  },
  {
    why: 'no-answer',
    seen: 'unproven',
    reads: ['framesAboveRead'],
    when: (m) => m.framesAboveRead === false,
    says: 'A frame above the one that holds them was not read, or did not answer: nothing says it shows them.',
  },
  {
    why: 'not-rendered',
    seen: 'unseen',
    reads: ['framesAboveShow'],
    when: (m) => m.framesAboveShow === false,
    says: 'A frame above the one that holds them says its page does not show the frame below it.',
  },
  {
    why: 'not-found',
    seen: 'unseen',
    cheap: true,
    reads: ['found'],
    when: (m) => m.found === false,
    says: 'The quoted words are not in the page as it is now: a reader cannot find them there.',
  },
  {
    why: 'not-rendered',
    seen: 'unseen',
    cheap: true,
    reads: ['display'],
    when: (m) => m.display === 'none' && m.opens !== true,
    says: 'They are in a box that is display: none (or [hidden]), which a reader cannot open.',
  },
  {
    why: 'not-rendered',
    seen: 'unseen',
    cheap: true,
    reads: ['visibility'],
    when: (m) => hidesVisibility(m.visibility),
    says: 'Their own element is visibility: hidden or collapse.',
  },
  {
    why: 'clipped',
    seen: 'unseen',
    cheap: true,
    reads: ['clippedAway', 'clipSides'],
    when: (m) =>
      m.clippedAway === true ||
      (m.clipSides !== undefined &&
        (!(m.clipSides.width > MAX_CLIPPED_SIDE_PX) ||
          (m.clipSides.height !== null && !(m.clipSides.height > MAX_CLIPPED_SIDE_PX)))),
    says: 'A box of (almost) no size around them hides what overflows it (screen-reader-only text, a collapsed panel).',
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['layout'],
    when: (m) => m.layout === false,
    says: 'The page lays nothing out (no view of any size): no size, place or paint can be measured.',
  },
  {
    why: 'not-rendered',
    seen: 'unseen',
    reads: ['rendered'],
    when: (m) => m.rendered === false,
    says: 'The browser does not render them: opacity 0 above, content-visibility: hidden, no box (unslotted).',
  },
  {
    why: 'not-rendered',
    seen: 'unseen',
    reads: ['textSecurity'],
    when: (m) => m.textSecurity !== undefined && m.textSecurity !== 'none',
    says: "Their glyphs are drawn as discs or squares (-webkit-text-security, a password's look): no word is drawn.",
  },
  {
    why: 'faint',
    seen: 'unseen',
    reads: ['opacity'],
    when: (m) => typeof m.opacity === 'number' && !(m.opacity >= MIN_OPACITY),
    says: `Their effective opacity (opacity and filter: opacity() multiplied up the tree) is below ${MIN_OPACITY}.`,
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    reads: ['fontPx'],
    when: (m) => typeof m.fontPx === 'number' && !(m.fontPx >= MIN_FONT_PX),
    says: `Their computed font size is below ${MIN_FONT_PX}px, which no reader can read.`,
  },
  ...PAINT_RULES,
  {
    why: 'no-area',
    seen: 'unseen',
    reads: ['place', 'glyphs', 'glyphBox', 'placed'],
    when: (m) => m.place === 'no-area' || m.glyphs === 'no-area' || m.glyphBox?.drawn === 0 || m.placed?.area === false,
    says: 'Their box or their glyphs have no area (scaled or sized to nothing, clipped by the boxes around them).',
  },
  {
    why: 'no-area',
    seen: 'unseen',
    reads: ['playerBox'],
    when: (m) =>
      m.playerBox !== undefined && !(m.playerBox.width >= MIN_PLAYER_BOX.width && m.playerBox.height >= MIN_PLAYER_BOX.height),
    says:
      `A player's own box is narrower than ${MIN_PLAYER_BOX.width}px or shorter than ${MIN_PLAYER_BOX.height}px: ` +
      "too small for a video's picture or an audio player's controls.",
  },
  {
    why: 'outside',
    seen: 'unseen',
    reads: ['place', 'glyphs', 'glyphBox', 'placed'],
    when: (m) => m.place === 'outside' || m.glyphs === 'outside' || m.glyphBox?.onPage === 0 || m.placed?.onPage === false,
    says: 'Their box or their glyphs lie outside what the page can scroll to (translate, text-indent, left: -9999px).',
  },
  {
    why: 'clipped',
    seen: 'unseen',
    reads: ['place', 'glyphs', 'glyphBox', 'clip'],
    when: (m) =>
      m.place === 'clipped' ||
      m.glyphs === 'clipped' ||
      m.glyphBox?.shown === 0 ||
      m.clip?.emptyRect === true ||
      m.clip?.noRadius === true,
    says: 'A clip or clip-path leaves nothing of them, or a box around them that hides overflow cuts them off.',
  },
  {
    why: 'clipped',
    seen: 'unseen',
    reads: ['sidesLeft'],
    when: (m) => m.sidesLeft !== undefined && (m.sidesLeft.width < m.sidesLeft.least || m.sidesLeft.height < m.sidesLeft.least),
    says:
      'The boxes around a box (a frame, a player, what a reader opens) leave less of it than its least side ' +
      `(${MIN_FRAME_SIDE}px for a frame): a sliver.`,
  },
  {
    why: 'clipped',
    seen: 'unseen',
    reads: ['glyphCut'],
    when: (m) => m.glyphCut !== undefined && !(m.glyphCut.left >= MIN_GLYPH_SHARE * m.glyphCut.whole),
    says: `A box around them that hides overflow leaves less than ${MIN_GLYPH_SHARE} of a glyph's area.`,
  },
  {
    why: 'clipped',
    seen: 'unseen',
    reads: ['charsLeft'],
    when: (m) => m.charsLeft !== undefined && !(m.charsLeft > 0),
    says: 'The boxes around them cut off every character of theirs: none is left once those cut off are left out.',
  },
  {
    why: 'clipped',
    seen: 'unseen',
    reads: ['quoteCharsCut'],
    when: (m) => m.quoteCharsCut !== undefined && m.quoteCharsCut > 0,
    says: 'Some characters of the quote are among those of their text node that the boxes around them cut off (a line clamp, a line cut off).',
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['runMeasures'],
    when: (m) => m.runMeasures !== undefined && m.runMeasures > MAX_RUN_MEASURES,
    says: `Which of their characters are cut off takes more than ${MAX_RUN_MEASURES} measurements: those not measured in time are left out.`,
  },
  {
    why: 'clipped',
    seen: 'unseen',
    reads: ['clip'],
    when: (m) => m.clip !== undefined && m.clip.insetPercent >= MAX_CLIP_INSET_PERCENT,
    says: `A clip-path: inset() of ${MAX_CLIP_INSET_PERCENT}% or more from each side leaves nothing of their box.`,
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    reads: ['glyphs', 'glyphBox'],
    when: (m) => m.glyphs === 'tiny-font' || (m.glyphBox !== undefined && m.glyphBox.tallest < MIN_GLYPH_PX),
    says: `Their glyphs are drawn shorter than ${MIN_GLYPH_PX}px after every transform, scale and zoom.`,
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    reads: ['glyphBox'],
    when: (m) => m.glyphBox !== undefined && pressed(m.glyphBox),
    says: `More than two glyphs are pressed together, each advancing less than ${MIN_ADVANCE} of its line's height (letter-spacing: -1em).`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['orderSamples'],
    when: (m) => m.orderSamples !== undefined && m.orderSamples > MAX_ORDER_SAMPLES,
    says: `Their order needs more than ${MAX_ORDER_SAMPLES} pairs of letters measured (bidi controls all through): not measured in time.`,
  },
  {
    why: 'reordered',
    seen: 'unseen',
    reads: ['letterPair'],
    when: (m) =>
      m.letterPair !== undefined &&
      !(m.letterPair.shared < MIN_LINE_SHARE * m.letterPair.shorter) &&
      m.letterPair.along < -MAX_ORDER_SLIP_PX,
    says:
      `Two neighbouring letters of one direction, on one line (sharing ${MIN_LINE_SHARE} of the shorter's height), ` +
      `are drawn more than ${MAX_ORDER_SLIP_PX}px against it.`,
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    reads: ['letterPair'],
    when: (m) => m.letterPair !== undefined && smeared(m.letterPair),
    says:
      `Two neighbouring letters on one line are drawn each wider than ${1 / MIN_LINE_SHARE} times its height, ` +
      `their middles less than ${MIN_ADVANCE} of that width apart (a skew near a right angle): each letter lies over the next.`,
  },
  {
    why: 'same-colour',
    seen: 'unseen',
    reads: ['strokeOver'],
    when: (m) =>
      m.strokeOver !== undefined && !m.strokeOver.shows && !(m.strokeOver.width < MAX_STROKE_SHARE * m.strokeOver.fontPx),
    says: `A stroke at least ${MAX_STROKE_SHARE} of the font size wide, in a colour that does not stand out from what is behind, is drawn over their letters: it eats their fill.`,
  },
  {
    why: 'covered',
    seen: 'unseen',
    reads: ['stackedLines'],
    when: (m) =>
      m.stackedLines !== undefined &&
      m.stackedLines.shared > 0 &&
      !(m.stackedLines.shared < MIN_LINE_SHARE * m.stackedLines.shorter),
    says: `Two of their lines are drawn over each other, sharing at least ${MIN_LINE_SHARE} of their height (a line height near zero): neither can be read.`,
  },
  {
    why: 'covered',
    seen: 'unseen',
    // (The walk measures it with the words' glyphs, lib/page/seen/ancestry.ts: then `glyphs` says it.)
    reads: ['struck', 'glyphs'],
    when: (m) => m.glyphs === 'covered' || (m.struck !== undefined && !(m.struck.thickness < MAX_STRIKE_SHARE * m.struck.height)),
    says: `A line is drawn through them (line-through) at least ${MAX_STRIKE_SHARE} of their glyphs' height thick: it paints over their letters.`,
  },
  {
    why: 'reordered',
    seen: 'unseen',
    reads: ['glyphs'],
    when: (m) => m.glyphs === 'reordered',
    says:
      'Their letters are drawn against their own direction (a bidi override or <bdo> against the text, ' +
      'an override character, a mirror): the order a reader reads is not the order of the text.',
  },
  {
    why: 'covered',
    seen: 'unseen',
    reads: ['hits', 'covered'],
    when: (m) =>
      m.covered === true ||
      (m.hits !== undefined && m.hits.length > 0 && m.hits.every((h) => !h.own && !h.movesWithView && h.unknown !== true)),
    says:
      'Another box is on top of them at every point of theirs in view, and it scrolls with the page ' +
      '(a fixed or sticky bar covers words only at some scroll positions).',
  },
  {
    why: 'covered',
    seen: 'unseen',
    reads: ['paintedOver'],
    when: (m) => m.paintedOver === true,
    says: "A box that holds all of theirs is painted over them by CSS's painting order, where no hit test can tell.",
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['paintedOver'],
    when: (m) => m.paintedOver === null,
    says: "CSS's painting order cannot tell whether a box that holds all of theirs is painted over them or under them (two boxes in the top layer, a slot shown through another).",
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['hits'],
    when: (m) => m.hits !== undefined && m.hits.some((h) => h.unknown === true),
    says: "The browser's hit test answered nothing at a point of theirs in view: nothing says what is on top of them.",
  },
  ...FILTER_RULES,
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['effects'],
    when: (m) => m.effects === true,
    says: 'A mask, a blend mode, or a filter other than opacity (or a weak brightness, contrast, a blur) changes how they are drawn.',
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['rendered', 'opacity', 'effects', 'alpha', 'glyphs'],
    when: (m) => m.rendered === null || m.opacity === null || m.effects === null || m.alpha === null || m.glyphs === 'unmeasured',
    says: 'A value the rules need could not be read (a colour in a syntax not read, no rectangle to measure).',
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    reads: ['scale'],
    when: (m) => typeof m.scale === 'number' && !(m.scale >= MIN_BOX_SCALE),
    says: `A box drawn at less than ${MIN_BOX_SCALE} of its size (a frame, a player) shows what it holds too small to read.`,
  },
];
