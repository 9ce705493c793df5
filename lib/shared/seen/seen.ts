/**
 * One definition of "seen": for a run of words (a text node's, an element's, a frame's box, a
 * quote a page was asked about), what was measured of it and, read top to bottom, the rules that
 * make it unseen (a reader cannot see it) or unproven (nothing measured settles it). Anything not
 * measured as seen is not seen: a test that cannot measure answers "not shown", never "shown".
 *
 * Everyone asks `judge`: the reading walk (only the rows marked `cheap`, lib/page/seen/visibility.ts
 * with `paint: false`), the check before sending (every row, lib/page/seen/visibility.ts and
 * lib/page/read/passage-check.ts), the proof before showing (lib/page/find/drawn.ts), the frames a page
 * embeds (lib/page/seen/frame-visibility.ts), and the worker's steps that act on a page's answer
 * (lib/worker/run/shown-step.ts, lib/worker/answer/drawn-check.ts, lib/worker/read/drawn-pages.ts:
 * `answered`, `provenBy`). Shared because both sides ask it; pure: the values are measured by the
 * callers (lib/page/seen/ancestry.ts, paint.ts, seen.ts, behind.ts, cover.ts), which return values,
 * leaving thresholds and "unknown is not seen" to rows here (the few still decided where they are
 * measured are listed in docs/security.md), so every rule is tested without layout, and a row changed here changes every caller's answer. A PDF's glyphs have a
 * sibling table, lib/shared/seen/pdf-seen.ts.
 */
import type { NotDrawn, DrawnResult } from '@/lib/shared/protocol/types';

/** Seen, not seen, or not settled by anything measured (then treated as not seen). */
export type SeenVerdict = { seen: 'seen' } | { seen: 'unseen' | 'unproven'; why: NotDrawn };

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
 * proof by the pixels counts as ink (lib/worker/reveal/ink.ts `INK_DISTANCE`). White on #fdfdfd is 3.5.
 */
export const MIN_COLOUR_DISTANCE = 120;

/** What was seen at one point of some words' box that lies in the view (lib/page/seen/cover.ts `hitAt`). */
export interface PointHit {
  /** The topmost element there is the words' own (their parent, an ancestor, a child). */
  own: boolean;
  /** Else: the covering element, or one of its ancestors, stays put on screen (fixed, sticky). */
  movesWithView: boolean;
  /** The hit test answered nothing there: nothing is proven either way. */
  unknown?: boolean;
}

/** What the words' own glyph rectangles measure to (lib/page/seen/seen.ts `glyphsMeasured`). */
export interface GlyphsMeasured {
  /** Rectangles that have an area. */
  drawn: number;
  /** Of those, the ones with some area within what the page can scroll to. */
  onPage: number;
  /** Of those, the ones with some area left by the boxes around them that hide overflow. */
  shown: number;
  /** The height of the tallest part shown (CSS pixels, after every transform). */
  tallest: number;
  /** The width all the rectangles take, and the height of the tallest of them. */
  width: number;
  height: number;
  /** A bound on the number of visible characters, known at once; `chars` counts them (asked only when needed). */
  maxChars: number;
  chars: () => number;
}

/** Where a box lies (lib/page/seen/paint.ts `placeMeasured`). */
export interface PlaceMeasured {
  /** It has an area. */
  area: boolean;
  /** Some of it lies within what the page can scroll to. */
  onPage: boolean;
}

/** What a box's own `clip` and `clip-path` leave of it (lib/page/seen/paint.ts `clipMeasured`). */
export interface ClipMeasured {
  /** A `clip` rectangle of no area on a box it applies to (absolutely positioned or fixed). */
  emptyRect: boolean;
  /** The first length of a `clip-path: inset()` in per cent (0: none, or in other units). */
  insetPercent: number;
  /** A `clip-path` circle or ellipse of no radius. */
  noRadius: boolean;
}

/** The sides of a box that hides what overflows it (lib/page/seen/box-place.ts `clipSides`): `height` null where only the inline axis clips. */
export interface ClipSides {
  width: number;
  height: number | null;
}

/** One function of a computed `filter`, and its amount (a blur's in pixels). */
export interface FilterFunction {
  name: string;
  amount: number;
}

/** A computed `filter` as read (lib/page/seen/seen.ts `filterMeasured`). */
export interface FilterMeasured {
  functions: readonly FilterFunction[];
  /** Something in it is not read as a function (a url(), a syntax not known). */
  unread: boolean;
}

/**
 * What was measured of a run of words. A field left out was not asked (the reading walk asks
 * the cheap ones only); a value of `null` was asked and could not be measured.
 */
export interface Measured {
  /** The worker's question reached the frame that read the words, and it answered about that reading. */
  answered?: boolean;
  /** The quoted words were found in the page as it is now (lib/page/find/drawn.ts). */
  found?: boolean;
  /** The element's computed `display` (or, in a document without styles, 'none' for `[hidden]`). */
  display?: string;
  /** A reader can open what holds the words (closed `<details>`, `hidden="until-found"`). */
  opens?: boolean;
  /** The computed `visibility` of the words' own element. */
  visibility?: string;
  /** The box around them has (almost) no size and hides what overflows it (lib/page/seen/visibility.ts `clippedAway`). */
  clippedAway?: boolean;
  /** The sides of the box around them that hides what overflows it (`clipSides`). */
  clipSides?: ClipSides;
  /** The page lays out: a layout engine, and a view of some size (`innerWidth`, not the root's `clientWidth`). */
  layout?: boolean;
  /** `checkVisibility` of the words' element: false for opacity 0 above, `content-visibility: hidden`, no box. */
  rendered?: boolean | null;
  /** The product of `opacity` and `filter: opacity()` over the words' element and its ancestors. */
  opacity?: number | null;
  /** A mask, a blend mode, or a filter that the computed values cannot settle, on the way up. */
  effects?: boolean | null;
  /** The computed font size, in CSS pixels. */
  fontPx?: number;
  /** The alpha of the colour that fills the glyphs (`-webkit-text-fill-color` where set); null: a colour not read. */
  alpha?: number | null;
  /** The contrast ratio of the glyphs' colour over the opaque colour behind them, where that is known. */
  contrast?: number;
  /** With `contrast`: the RGB distance between the glyphs' colour (over what is behind) and what is behind. */
  distance?: number;
  /** The glyphs are painted some other way too: a fill colour, a stroke, a shadow, a background clipped to the text. */
  paintedOtherwise?: boolean;
  /** Something other than the backgrounds' colours may be behind them (a picture, a pseudo-element, another box). */
  otherPaint?: boolean;
  /** Where the words' box lies (lib/page/seen/paint.ts `placeHides`), or a clip that leaves nothing (`clipHides`). */
  place?: NotDrawn | null;
  /** The words' own glyphs as drawn (lib/page/seen/seen.ts `glyphsHide`): 'unmeasured' when they have no rectangle to measure. */
  glyphs?: NotDrawn | null | 'unmeasured';
  /** The words' own glyph rectangles (`glyphsMeasured`): what `glyphs` says when the rows have judged them. */
  glyphBox?: GlyphsMeasured;
  /** Where the words' box lies (`placeMeasured`): what `place` says when the rows have judged it. */
  placed?: PlaceMeasured;
  /** What the box's own clip leaves of it (`clipMeasured`). */
  clip?: ClipMeasured;
  /** One element's `filter` (`filterMeasured`): the rows say whether it is settled. */
  filter?: FilterMeasured;
  /** The share of its size a box (a frame, a player) is drawn at, after every transform. */
  scale?: number;
  /** `-webkit-text-security` of the words' element ('none' where the browser has no such property). */
  textSecurity?: string;
  /** A box that holds all of theirs is painted over them by CSS's painting order (lib/page/seen/paint-order.ts); null: the order cannot be told. */
  paintedOver?: boolean | null;
  /** One glyph cut by the boxes around it (lib/page/seen/seen.ts `hiddenRuns`): the area left of it, and its whole area. */
  glyphCut?: { left: number; whole: number };
  /** The shorter side of the view of the frame that holds them (not the top frame's), in CSS pixels. */
  frameSide?: number;
  /** The frame that holds them says where it sits among the frames above it (lib/worker/read/hidden-frames.ts). */
  framePlaced?: boolean;
  /** Every frame above the one that holds them was read. */
  framesAboveRead?: boolean;
  /** Every frame above says its page shows the frame below it (lib/page/seen/frame-visibility.ts). */
  framesAboveShow?: boolean;
  /** What the browser's hit test found on top at the points of the words in view. */
  hits?: readonly PointHit[];
  /** Another box is on top of them (measured without a hit test: out of view, by the painting order, or painted by their own element). */
  covered?: boolean;
}

/** One row of the table: when it applies, what it makes the words, and why, in a reviewer's words. */
export interface SeenRule {
  why: NotDrawn;
  seen: 'unseen' | 'unproven';
  /** Cheap enough for the reading walk, which asks these rows of every element it reads. */
  cheap?: true;
  /**
   * The measurements that make the row apply (`when` is false unless one of them is given):
   * a caller that measures only some of them asks only the rows that read those (`asker`).
   */
  reads: readonly (keyof Measured)[];
  when: (m: Measured) => boolean;
  says: string;
}

const hidesVisibility = (v: string | undefined) => v === 'hidden' || v === 'collapse';

/** Filter functions whose amount a row judges (opacity is multiplied into `opacity` by the measure). */
const KNOWN_FILTERS: ReadonlySet<string> = new Set(['opacity', 'contrast', 'brightness', 'invert', 'blur']);

/** Whether some function of a measured filter is one `which` picks. */
function applies(filter: FilterMeasured | undefined, which: (f: FilterFunction) => boolean): boolean {
  return filter !== undefined && filter.functions.some(which);
}

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
  {
    why: 'transparent',
    seen: 'unseen',
    reads: ['alpha'],
    when: (m) => typeof m.alpha === 'number' && m.alpha < MIN_ALPHA && m.paintedOtherwise !== true,
    says: `Their colour (-webkit-text-fill-color where set) has an alpha below ${MIN_ALPHA}, and nothing else paints the glyphs.`,
  },
  {
    why: 'same-colour',
    seen: 'unseen',
    reads: ['contrast'],
    when: (m) =>
      typeof m.contrast === 'number' &&
      m.contrast < MIN_CONTRAST &&
      !((m.distance ?? 0) >= MIN_COLOUR_DISTANCE) &&
      m.paintedOtherwise !== true &&
      m.otherPaint !== true,
    says:
      `Their colour stands out from what is behind them by a contrast below ${MIN_CONTRAST} and a hue less than ` +
      `${MIN_COLOUR_DISTANCE} apart (RGB distance), and nothing else sets them apart.`,
  },
  {
    why: 'no-area',
    seen: 'unseen',
    reads: ['place', 'glyphs', 'glyphBox', 'placed'],
    when: (m) => m.place === 'no-area' || m.glyphs === 'no-area' || m.glyphBox?.drawn === 0 || m.placed?.area === false,
    says: 'Their box or their glyphs have no area (scaled or sized to nothing, clipped by the boxes around them).',
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
    reads: ['glyphCut'],
    when: (m) => m.glyphCut !== undefined && !(m.glyphCut.left >= MIN_GLYPH_SHARE * m.glyphCut.whole),
    says: `A box around them that hides overflow leaves less than ${MIN_GLYPH_SHARE} of a glyph's area.`,
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
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['filter'],
    when: (m) => m.filter?.unread === true,
    says: 'A filter above them holds something not read as a filter function (a url(), a syntax not known).',
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['filter'],
    when: (m) => applies(m.filter, (f) => (f.name === 'contrast' || f.name === 'brightness') && !(f.amount >= MIN_FILTER_AMOUNT)),
    says: `A filter above them darkens or flattens them, a contrast() or brightness() below ${MIN_FILTER_AMOUNT}.`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['filter'],
    when: (m) => applies(m.filter, (f) => f.name === 'brightness' && !(f.amount <= MAX_FILTER_BRIGHTNESS)),
    says: `A filter above them brightens everything to white, a brightness() over ${MAX_FILTER_BRIGHTNESS}.`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['filter'],
    when: (m) => applies(m.filter, (f) => f.name === 'invert' && !(f.amount <= MAX_INVERT_KEPT || f.amount >= MIN_INVERT_TURNED)),
    says: `A filter above them turns every colour grey, an invert() between ${MAX_INVERT_KEPT} and ${MIN_INVERT_TURNED}.`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['filter'],
    when: (m) => applies(m.filter, (f) => f.name === 'blur' && !(f.amount <= MAX_FILTER_BLUR_PX)),
    says: `A filter above them blurs them by more than ${MAX_FILTER_BLUR_PX}px.`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    reads: ['filter'],
    when: (m) => applies(m.filter, (f) => !KNOWN_FILTERS.has(f.name) && !SETTLED_FILTERS.has(f.name)),
    says: 'A filter above them is none whose effect on words and what is around them the rows know.',
  },
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

const SEEN: SeenVerdict = { seen: 'seen' };

/** Bumped when a test changes the table (tests/support/seen-rules.ts): every `asker` takes its rows again. */
let version = 0;

/** After a test changed the table: the rows each asker asks are taken again from it. */
export function rulesChanged(): void {
  version++;
}

/**
 * The first rule that applies to what was measured, or seen. `cheap`: only the rows the reading
 * walk asks of every element (the others are asked of the words about to be sent).
 */
export function judge(m: Measured, cheap = false): SeenVerdict {
  for (let i = 0; i < SEEN_RULES.length; i++) {
    const rule = SEEN_RULES[i]!;
    if (cheap && rule.cheap !== true) continue;
    if (rule.when(m)) return { seen: rule.seen, why: rule.why };
  }
  return SEEN;
}

/**
 * `judge` for a caller that measures only `fields` (the reading walk asks each element's display,
 * a hot path): the same rows of the same table, in its order, but only those that read one of
 * `fields` (and, `cheap`, only the cheap ones), so that a walk does not ask every row of every
 * element. A row that reads none of them could not apply to what such a caller measures.
 */
export function asker(fields: readonly (keyof Measured)[], cheap = false): (m: Measured) => SeenVerdict {
  let rows: readonly SeenRule[] = [];
  let taken = -1;
  return (m) => {
    if (taken !== version) {
      rows = SEEN_RULES.filter((r) => (!cheap || r.cheap === true) && r.reads.some((f) => fields.includes(f)));
      taken = version;
    }
    for (let i = 0; i < rows.length; i++) {
      const rule = rows[i]!;
      if (rule.when(m)) return { seen: rule.seen, why: rule.why };
    }
    return SEEN;
  };
}

/** Whether what was measured is seen (`judge`). */
export function seen(m: Measured, cheap = false): boolean {
  return judge(m, cheap).seen === 'seen';
}

/** Why what was measured is not seen (`judge`), or null when it is. */
export function whyUnseen(m: Measured): NotDrawn | null {
  const verdict = judge(m);
  return verdict.seen === 'seen' ? null : verdict.why;
}

/**
 * The worker's reading of a page's answer about a quote (lib/page/find/drawn.ts): no answer is
 * `answered: false`; an answer is judged as answered, then by what the page measured.
 */
export function provenBy(result: DrawnResult | undefined): SeenVerdict {
  const asked = judge({ answered: result !== undefined });
  if (asked.seen !== 'seen' || result === undefined) return asked;
  if (result.drawn) return SEEN;
  return { seen: SEEN_RULES.find((r) => r.why === result.reason)?.seen ?? 'unseen', why: result.reason };
}

/** A verdict as the page's reply about a quote says it. */
export function drawnOf(verdict: SeenVerdict): DrawnResult {
  return verdict.seen === 'seen' ? { drawn: true } : { drawn: false, reason: verdict.why };
}

/** Why a quote is not drawn, in words for the model (on retry) and the failure log: "The quote … {why}". */
export const WHY_SAID: Record<NotDrawn, string> = {
  'not-rendered': 'is not rendered (display: none, visibility: hidden, opacity 0, content-visibility: hidden, or no box)',
  faint: `is drawn almost transparent (opacity below ${MIN_OPACITY})`,
  unproven: 'is drawn through a mask, blend mode or filter, or in a way that cannot be measured',
  transparent: 'is drawn in a transparent colour',
  'tiny-font': 'is of no readable size',
  'no-area': 'has no area on the page',
  outside: 'lies outside the page',
  'same-colour': 'is the colour of what is behind it',
  clipped: 'is clipped away',
  covered: 'is covered by another box',
  'not-found': 'is no longer shown on the page',
  reordered: 'is drawn in an order no reader reads (its letters against their own direction)',
  'no-answer': 'is not checked: its page did not answer in time, or no longer holds the reading asked about',
};
