/**
 * What the page measures of a run of words, a frame's or a player's box, for the table of rules
 * (lib/shared/seen/rules.ts): values only (numbers, booleans, what could not be read), never a
 * verdict. Each field is optional: a caller that measures only some asks only the rows that read
 * them (`asker`, lib/shared/seen/seen.ts); and the shape of a row that reads them (`SeenRule`). Pure types.
 */
import type { NotSeen } from '@/lib/shared/protocol/types';

/** A run `[start, end)` of a text node's characters (those no reader sees, measured by the page). */
export type CharRun = readonly [number, number];

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

/**
 * The stops of a background's gradients (lib/page/seen/behind.ts `gradientStops`), for the table's
 * `oneColour` (lib/shared/seen/paint-rules.ts): the largest contrast ratio of a stop with the
 * first, and the least alpha of them.
 */
export interface GradientStops {
  largestContrast: number;
  leastAlpha: number;
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
  /**
   * The filtered element paints an opaque background under all it holds: what is behind the words
   * is filtered with them. Otherwise what shows behind them may be painted outside the filter, and
   * a filter that changes their colour changes it alone (absent: not known, taken as not).
   */
  backed?: boolean;
}

/**
 * One way the glyphs are painted besides their fill (lib/page/seen/behind.ts): its colour's alpha
 * (null: a colour not read) and its contrast over what is behind, where that is known; a
 * stroke's width, a shadow's offsets and blur (CSS pixels). Each part is asked alone where it is
 * measured: a stroke's colour only once its width is one the rows let paint.
 */
export interface GlyphPaintMeasured {
  alpha?: number | null;
  contrast?: number;
  strokePx?: number;
  shadow?: { x: number; y: number; blur: number };
}

/**
 * What was measured of a run of words. A field left out was not asked (the reading walk asks
 * the cheap ones only); a value of `null` was asked and could not be measured.
 */
export interface Measured {
  /** The worker's question reached the frame that read the words, and it answered about that reading. */
  answered?: boolean;
  /** The quoted words were found in the page as it is now (lib/page/find/quote-seen.ts). */
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
  /** How many colours a picture behind them shows, by its pixels (lib/page/seen/pictures.ts); null: not read (in time, or at all) or not settled. */
  pictureColours?: number | null;
  /** One way the glyphs may be painted besides their fill, as `paintedOtherwise` asks it of each way. */
  glyphPaint?: GlyphPaintMeasured;
  /** Something other than the backgrounds' colours may be behind them (a picture, a pseudo-element, another box). */
  otherPaint?: boolean;
  /** Where the words' box lies (lib/page/seen/paint.ts `placeHides`), or a clip that leaves nothing (`clipHides`). */
  place?: NotSeen | null;
  /** The words' own glyphs as drawn (lib/page/seen/seen.ts `glyphsHide`): 'unmeasured' when they have no rectangle to measure. */
  glyphs?: NotSeen | null | 'unmeasured';
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
  /** What the boxes around a box (a frame, a player, the host of closed `<details>`) leave of it, and the least side its caller asks (lib/page/seen/ancestry.ts `box`). */
  sidesLeft?: { width: number; height: number; least: number };
  /** A text node's characters, not white space, left once those cut off are left out (`Ancestry.words`). */
  charsLeft?: number;
  /** Of a text node's characters that a quote holds, how many are among those cut off (lib/page/find/quote-seen.ts). */
  quoteCharsCut?: number;
  /** The sides of a player's own box, in CSS pixels (lib/page/video/read-videos.ts `playerSeen`). */
  playerBox?: { width: number; height: number };
  /** The measurements `hiddenRuns` (lib/page/seen/seen.ts) has made of one text node, the one it is about to make counted. */
  runMeasures?: number;
  /** The pairs of letters a text node's order needs measured (`drawnBackwards`). */
  orderSamples?: number;
  /**
   * Two neighbouring letters of one direction (`drawnBackwards`): the height their glyphs share, the
   * height of the shorter, how far the second's middle is drawn from the first's along their
   * own direction (negative: against it), and the width of the narrower of their boxes.
   */
  letterPair?: { shared: number; shorter: number; along: number; narrower?: number };
  /**
   * A line drawn through the words (`text-decoration: line-through`, theirs or a box's above them,
   * which draws it through all the words it holds) over their glyphs: its thickness and the height
   * of their glyphs' boxes (CSS pixels).
   */
  struck?: { thickness: number; height: number };
  /**
   * A stroke drawn over the glyphs' fill (`-webkit-text-stroke`, centred on their outlines): its
   * width and the font's size (CSS pixels), and whether its colour stands out from what is behind.
   */
  strokeOver?: { width: number; fontPx: number; shows: boolean };
  /**
   * Two neighbouring lines of one run of words, drawn over each other (a line height near zero):
   * the height their glyphs' boxes share where they also share some width, and the shorter
   * box's height (CSS pixels).
   */
  stackedLines?: { shared: number; shorter: number };
}

/** One row of the table: when it applies, what it makes the words, and why, in a reviewer's words. */
export interface SeenRule {
  why: NotSeen;
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
