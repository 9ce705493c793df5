/**
 * The table's rows (lib/shared/seen/seen.ts) the walk asks, built once: the walk (visibility.ts)
 * and the parts it hands work to (box-record.ts, box-place.ts, glyph-paint.ts) ask the same rows,
 * so they are kept here rather than in any one of them. Also the one test every element that
 * holds words is asked, its own visibility (`textShows`), and what the walk knows of a style
 * (`StyleRef`). Pure code.
 */
import { asker, type SeenVerdict } from '@/lib/shared/seen/seen';

/**
 * The table's rows for what each step of the walk measures, asked of every
 * element: only the rows that read it, cheap ones only in a reading walk (`VisibilityOptions.paint`).
 */
export const ASK = {
  display: [asker(['display', 'opens']), asker(['display', 'opens'], true)],
  visibility: [asker(['visibility']), asker(['visibility'], true)],
  clippedAway: [asker(['clippedAway']), asker(['clippedAway'], true)],
  words: asker(['layout', 'rendered', 'opacity', 'effects', 'glyphs']),
  paint: asker(['fontPx', 'alpha', 'contrast']),
  rendered: asker(['rendered']),
  place: asker(['place']),
  strokeOver: asker(['strokeOver']),
} as const;

export const isSeen = (v: SeenVerdict) => v.seen === 'seen';

/**
 * What the walk knows of an element's style: its computed style (read lazily, only what is
 * needed), or, in a document without a window, whether its text is visible by its inline style
 * (inherited); null when nothing is known.
 */
export type StyleRef = CSSStyleDeclaration | boolean | null;

/** What `textShows` measures, asked of every element that holds words: one record, filled in place. */
const VISIBILITY_MEASURED: { visibility: string } = { visibility: '' };

/**
 * Whether text whose parent has `style` shows (its visibility, inherited, a child may set it
 * back), by the table's cheap rows, or, `cheap` false, by all its rows.
 */
export function textShows(style: StyleRef, cheap = true): boolean {
  if (style === null) return true;
  if (typeof style === 'boolean') return style;
  const m = VISIBILITY_MEASURED;
  m.visibility = style.visibility;
  return isSeen(ASK.visibility[cheap ? 1 : 0](m));
}
