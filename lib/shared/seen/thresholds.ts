/**
 * The numbers the table of rules (lib/shared/seen/rules.ts) decides by: each threshold of what a
 * reader can see, in one place, so that a row and the measure that feeds it (lib/page/seen/) name
 * the same value. Pure constants.
 */

/** Below this effective opacity (the product over the words' ancestors) a reader cannot see them. */
export const MIN_OPACITY = 0.1;
/** A line of glyphs drawn shorter than this (CSS pixels, after every transform) cannot be read. */
export const MIN_GLYPH_PX = 4;
/** Glyphs pressed closer than this share of their height per character cannot be read (`letter-spacing: -1em`). */
export const MIN_ADVANCE = 0.1;
/** Text whose computed font size is smaller than this (CSS pixels) is no text a reader can read. */
export const MIN_FONT_PX = 2;
/** Text of a colour whose alpha is below this is transparent to a reader. */
export const MIN_ALPHA = 0.1;
/**
 * What paints transparent glyphs otherwise: a stroke at least this wide (CSS pixels), or a shadow
 * blurred at most `MAX_SHADOW_BLUR_PX` and moved at most `MAX_SHADOW_OFFSET_PX`, either of a colour
 * whose alpha is at least `MIN_ALPHA`. A stroke of a hundredth of a pixel, a shadow of no colour,
 * blurred to a haze or thrown off the page paints nothing a reader can read.
 */
export const MIN_STROKE_PX = 0.5;
export const MAX_SHADOW_BLUR_PX = 4;
export const MAX_SHADOW_OFFSET_PX = 100;
/**
 * Below this contrast ratio (WCAG) a reader cannot tell the text from what is behind it (white on
 * #fdfdfd is 1.02). Faint text that a page means to be read (light grey captions) is well above it.
 */
export const MIN_CONTRAST = 1.1;

/**
 * Thresholds of a `filter` above the words (lib/page/seen/seen.ts `filterMeasured`), each a row:
 * a contrast or a brightness below `MIN_FILTER_AMOUNT` (too dark, too flat), a brightness over
 * `MAX_FILTER_BRIGHTNESS` (everything turns white), an invert between `MAX_INVERT_KEPT` and
 * `MIN_INVERT_TURNED` (every colour turns grey), a blur over `MAX_FILTER_BLUR_PX`.
 */
export const MIN_FILTER_AMOUNT = 0.3;
export const MAX_FILTER_BRIGHTNESS = 3;
export const MAX_INVERT_KEPT = 0.3;
export const MIN_INVERT_TURNED = 0.7;
export const MAX_FILTER_BLUR_PX = 1;
/**
 * A brightness or contrast within this factor of 1 (either way) keeps words' colour close enough
 * to what it was measured as; beyond it, on an element that does not paint what is behind the
 * words itself, the words' colour moves away from that of what shows behind them (black words
 * under `invert(1)` turn white over the white page outside the filter).
 */
export const MAX_RECOLOUR_KEPT = 1.15;
/**
 * A line drawn through words (line-through, painted over their glyphs) at least this share of the
 * glyphs' height thick hides them: a price struck through is thin (a twentieth of it), a bar a
 * quarter as tall as the letters leaves no word to read.
 */
export const MAX_STRIKE_SHARE = 0.25;
/**
 * A stroke over the glyphs (`-webkit-text-stroke`) at least this share of the font size wide, in a
 * colour that does not stand out from what is behind, eats their fill: half of it lies inside each
 * stroke of a letter, which at this width is all of a regular letter's stem.
 */
export const MAX_STROKE_SHARE = 0.12;
/** Filters that shift colours alike for words and what is around them: they settle nothing either way. */
export const SETTLED_FILTERS: ReadonlySet<string> = new Set(['grayscale', 'sepia', 'saturate', 'hue-rotate', 'drop-shadow']);

/** A `clip-path: inset()` of at least this share (per cent, from each side) leaves nothing of its box. */
export const MAX_CLIP_INSET_PERCENT = 50;

/** A box that hides what overflows it with a side of at most this (CSS pixels) hides all it holds. */
export const MAX_CLIPPED_SIDE_PX = 1;

/** A single glyph cut by the boxes around it is seen when at least this share of its area is left. */
export const MIN_GLYPH_SHARE = 0.5;

/** A frame narrower or shorter than this (CSS pixels) shows nothing: a hidden or tracking frame. */
export const MIN_FRAME_SIDE = 2;

/** A box (a frame, a player) drawn at less than this share of its size draws what it shows too small to read. */
export const MIN_BOX_SCALE = MIN_GLYPH_PX / 16;

/**
 * Words whose colour lies this far (RGB distance) from what is behind them stand out by their hue
 * even where their lightness is the same (link blue on a grey-blue gradient): the distance the
 * proof by the pixels counts as ink (lib/worker/reveal/ink.ts `countCell`). White on #fdfdfd is 3.5.
 */
export const MIN_COLOUR_DISTANCE = 120;

/**
 * What the boxes around a box leave of it, each side at least (CSS pixels): a frame `MIN_FRAME_SIDE`,
 * a player `MIN_PLAYER_BOX.height` (lib/page/video/read-videos.ts), the box drawn in place of
 * what a reader opens (a closed `<details>`) `MIN_OPENABLE_SIDE`. A player's own box must be at
 * least `MIN_PLAYER_BOX` (the row of `playerBox`): a video's picture, an audio player's controls.
 */
export const MIN_PLAYER_BOX = { width: 20, height: 10 } as const;
export const MIN_OPENABLE_SIDE = 1;

/**
 * Two neighbouring letters are on one line when they share at least `MIN_LINE_SHARE` of the
 * height of the shorter one; on one line, the second drawn more than `MAX_ORDER_SLIP_PX` (CSS
 * pixels) against their own direction, they are drawn backwards (lib/page/seen/seen.ts `drawnBackwards`).
 */
export const MIN_LINE_SHARE = 0.5;
export const MAX_ORDER_SLIP_PX = 0.5;

/**
 * The budgets of the measures, the table's numbers too: what is not measured within them is
 * unseen or unproven (the rows of `runMeasures`, `orderSamples`; a picture not read in time is unproven).
 * `MAX_RUN_MEASURES`: the measurements of one text node's characters cut off (`hiddenRuns`);
 * `MAX_ORDER_SAMPLES`: the pairs of letters measured for their order (`drawnBackwards`);
 * `PICTURE_WAIT_MS`: how long a check waits for the pictures it met, all together
 * (lib/page/seen/pictures.ts); `MAX_PICTURE_SIDE`: a picture is read at most this many pixels on
 * its longer side (nearest pixels: no colour made up by smoothing); `MAX_COMPOSITIONS`: past this many colours painted over each other (a layer's
 * colours times those below), a picture is not settled (lib/page/seen/picture-samples.ts).
 */
export const MAX_RUN_MEASURES = 96;
export const MAX_ORDER_SAMPLES = 24;
export const PICTURE_WAIT_MS = 800;
export const MAX_PICTURE_SIDE = 1024;
export const MAX_COMPOSITIONS = 4_000_000;

/**
 * The proof by the pixels on screen (lib/worker/reveal/ink.ts). A pixel is ink when its contrast
 * with the background of its cell is at least `INK_CONTRAST` (WCAG ratio), or its colour is at
 * least `MIN_COLOUR_DISTANCE` from it: the cores of grey glyphs (#999 on white is 2.8) are ink,
 * the faint fringe of a white glyph on #fdfdfd is not. Glyphs cover at least `MIN_INK_SHARE` of
 * their line box: a line of text at any weight a reader reads covers 8–20 % of its box with ink
 * (tests: real glyphs drawn by Chromium), a period alone more than this; a box of the
 * background's colour covers none. The background must be at least `MIN_BACKGROUND_SHARE` of a
 * cell: glyphs are drawn on something; a cell where no colour dominates is a picture the words may
 * or may not stand out from: unmeasured. Boxes smaller than `MIN_INK_BOX_SIDE` (image pixels a
 * side) are too small to judge, and are not asked (ink-seen.ts `judgesBox`). The capture's aspect may differ from the
 * view's by `MAX_ASPECT_SLIP` before the boxes cannot be placed.
 */
export const INK_CONTRAST = 1.5;
export const MIN_INK_SHARE = 0.02;
export const MIN_BACKGROUND_SHARE = 0.3;
export const MIN_INK_BOX_SIDE = 2;
export const MAX_ASPECT_SLIP = 0.03;

/** How far (CSS pixels) a quote's line box may stand out of the part of its frame that shows (ink-seen.ts `withinFrame`). */
export const MAX_FRAME_CLIP_SLACK_PX = 1;
