/**
 * The PDFs' table of rules, the sibling of lib/shared/seen/seen.ts: for the glyphs of a PDF's text
 * items (read in the offscreen document, lib/offscreen/pdf-unseen.ts, which measures), what was
 * measured of them and, read top to bottom, the rules that make them unseen or unproven. pdf.js
 * gives every glyph a page draws, and those it draws for no reader too; its items say nothing of
 * how, so the page's drawing operations are walked and matched to them. Anything not measured as
 * seen is not seen. Pure.
 */
import type { NotSeen } from '@/lib/shared/protocol/types';
import type { SeenVerdict } from './seen';

/** Type smaller than this (in points, a thirtieth of body text) is no reader's: a speck. */
export const MIN_PDF_TYPE_SIZE = 1;
/** Fill colours that are the page's own (white paper): each channel at least this (0–255). */
export const PDF_PAPER = 0xf5;
/** Text render modes that draw nothing: invisible (3) and clip only (7). */
export const PDF_INVISIBLE_MODES: ReadonlySet<number> = new Set([3, 7]);
/** Modes that fill glyphs (the fill colour is what a reader sees of them). */
export const PDF_FILL_MODES: ReadonlySet<number> = new Set([0, 2, 4, 6]);

/** What was measured of some glyphs of a PDF. A field left out was not asked. */
export interface PdfMeasured {
  /** The page's drawing operations could be walked. */
  walked?: boolean;
  /** The item's type size, in points (`itemSize` of lib/shared/text/pdf-text.ts). */
  typePt?: number;
  /** The text render mode the glyphs are drawn in. */
  mode?: number;
  /** The least channel (0–255) of the colour that fills them; null: a colour not read as `#rrggbb`. */
  fillLeast?: number | null;
  /** The page paints a picture: a scanned page, whose invisible text layer lies over the picture of its words. */
  picture?: boolean;
  /** The item's letters were found, in order, among the glyphs the page draws. */
  matched?: boolean;
  /** The page draws some glyph unseen. */
  someUnseen?: boolean;
}

/** One row of the PDFs' table, as `SeenRule` is one of the pages'. */
export interface PdfSeenRule {
  why: NotSeen;
  seen: 'unseen' | 'unproven';
  when: (m: PdfMeasured) => boolean;
  says: string;
}

/** The rules, first match wins. */
export const PDF_SEEN_RULES: readonly PdfSeenRule[] = [
  {
    why: 'unproven',
    seen: 'unproven',
    when: (m) => m.walked === false,
    says: "The page's drawing operations could not be walked: nothing says how its words are drawn.",
  },
  {
    why: 'tiny-font',
    seen: 'unseen',
    when: (m) => typeof m.typePt === 'number' && !(m.typePt >= MIN_PDF_TYPE_SIZE),
    says: `Their type is smaller than ${MIN_PDF_TYPE_SIZE} point, whatever its colour: a speck.`,
  },
  {
    why: 'not-rendered',
    seen: 'unseen',
    when: (m) => m.mode !== undefined && PDF_INVISIBLE_MODES.has(m.mode) && m.picture !== true,
    says: 'They are drawn in text render mode 3 (invisible) or 7 (clip only), on a page that paints no picture.',
  },
  {
    why: 'same-colour',
    seen: 'unseen',
    when: (m) =>
      m.mode !== undefined &&
      PDF_FILL_MODES.has(m.mode) &&
      typeof m.fillLeast === 'number' &&
      m.fillLeast >= PDF_PAPER &&
      m.picture !== true,
    says: `They are filled in the page's own white (every channel at least ${PDF_PAPER}), on a page that paints no picture.`,
  },
  {
    why: 'unproven',
    seen: 'unproven',
    when: (m) => m.matched === false && m.someUnseen === true,
    says: 'Their letters are not found among the glyphs the page draws, on a page that draws some unseen.',
  },
];

const SEEN: SeenVerdict = { seen: 'seen' };

/** The first row of the PDFs' table that applies to what was measured, or seen. */
export function judgePdf(m: PdfMeasured): SeenVerdict {
  for (const rule of PDF_SEEN_RULES) if (rule.when(m)) return { seen: rule.seen, why: rule.why };
  return SEEN;
}

/** Whether what was measured of some glyphs of a PDF is seen (`judgePdf`). */
export function pdfSeen(m: PdfMeasured): boolean {
  return judgePdf(m).seen === 'seen';
}
