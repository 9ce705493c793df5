/**
 * The pixel proof's table of rules, a sibling of lib/shared/seen/rules.ts: for a quote's line boxes
 * in a capture of the tab (measured by lib/worker/reveal/ink.ts, which counts the pixels), read
 * top to bottom, the rows that make them not shown as the page's: no ink (nothing drawn there, or
 * drawn in the colour behind it, or covered) or unmeasured (the pixels cannot settle it). Its
 * verdicts are the proof's own (`shown`), not the page's table's: a capture says nothing of why.
 * Which boxes are large enough to judge is the table's too (`judgesBox`). Whether one pixel is
 * ink stays in the measure, asked of every pixel, by the table's numbers (`INK_CONTRAST`,
 * `MIN_COLOUR_DISTANCE`, thresholds.ts). Pure.
 */
import { MAX_FRAME_CLIP_SLACK_PX, MIN_BACKGROUND_SHARE, MIN_INK_BOX_SIDE, MIN_INK_SHARE } from './thresholds';

/**
 * `shown`: every line box holds glyphs a reader can tell from what is behind them.
 * `no-ink`: a box holds none (nothing drawn there, or drawn in the colour behind it, or covered).
 * `unmeasured`: the pixels cannot settle it (a box out of the image, a capture of another size
 * than the view, a picture so busy no background can be told): not shown as the page's either.
 */
export type InkVerdict = { shown: true } | { shown: false; why: 'no-ink' | 'unmeasured' };

/** What was counted of a quote's line boxes in a capture. A field left out was not asked. */
export interface InkMeasured {
  /** The line box lies within the captured image. */
  onImage?: boolean;
  /** One cell of a line box (a square, a few glyphs): its pixels, and those of its most common colour. */
  cell?: { area: number; background: number };
  /** One line box: its pixels, those that are ink, and whether it is at least as wide as it is high. */
  box?: { area: number; ink: number; wide: boolean };
  /** How many line boxes were judged (boxes too small to judge are not asked). */
  judged?: number;
  /** All the line boxes judged together: their pixels, and those that are ink. */
  all?: { area: number; ink: number };
}

/** One row of the proof's table. */
export interface InkRule {
  why: 'no-ink' | 'unmeasured';
  when: (m: InkMeasured) => boolean;
  says: string;
}

/** The rules, first match wins. */
export const INK_RULES: readonly InkRule[] = [
  {
    why: 'unmeasured',
    when: (m) => m.onImage === false,
    says: 'A line box lies even partly outside the captured image: what is not captured is not measured.',
  },
  {
    why: 'unmeasured',
    when: (m) => m.cell !== undefined && m.cell.background < m.cell.area * MIN_BACKGROUND_SHARE,
    says: `No colour takes ${MIN_BACKGROUND_SHARE} of a cell of a line box: a picture the words may or may not stand out from.`,
  },
  {
    why: 'no-ink',
    when: (m) => m.box !== undefined && m.box.wide && m.box.ink < m.box.area * MIN_INK_SHARE,
    says: `A line box at least as wide as it is high holds ink over less than ${MIN_INK_SHARE} of it.`,
  },
  {
    why: 'unmeasured',
    when: (m) => m.judged === 0,
    says: 'No line box was large enough to judge.',
  },
  {
    why: 'no-ink',
    when: (m) => m.all !== undefined && !(m.all.ink >= m.all.area * MIN_INK_SHARE),
    says: `The line boxes together hold ink over less than ${MIN_INK_SHARE} of them.`,
  },
];

/**
 * Whether the proof judges a line box of these sides (image pixels): one under `MIN_INK_BOX_SIDE`
 * a side is too small to tell glyphs from what is around them, and is not asked (the others are).
 */
export function judgesBox(box: { width: number; height: number }): boolean {
  return !(box.width < MIN_INK_BOX_SIDE || box.height < MIN_INK_BOX_SIDE);
}

/** A rectangle in CSS pixels (x, y: its top left corner), as the protocol's boxes are. */
type Rect = { x: number; y: number; width: number; height: number };

/**
 * Whether a quote's line box stands within the part of its frame that shows (`clip`, the frame's
 * content box cut by every frame above it), give or take `MAX_FRAME_CLIP_SLACK_PX`: pixels outside
 * it are the page's around the frame, and prove nothing of the quote. Asked of a quote in a frame,
 * by the page for the frames it reaches (lib/page/find/quote-boxes.ts) and by the worker for those
 * above (lib/worker/reveal/place-in-top.ts).
 */
export function withinFrame(clip: Rect, b: Rect): boolean {
  const s = MAX_FRAME_CLIP_SLACK_PX;
  return (
    b.x >= clip.x - s &&
    b.y >= clip.y - s &&
    b.x + b.width <= clip.x + clip.width + s &&
    b.y + b.height <= clip.y + clip.height + s
  );
}

const SHOWN: InkVerdict = { shown: true };

/** The first row of the proof's table that applies to what was counted, or shown. */
export function judgeInk(m: InkMeasured): InkVerdict {
  for (const rule of INK_RULES) if (rule.when(m)) return { shown: false, why: rule.why };
  return SHOWN;
}
