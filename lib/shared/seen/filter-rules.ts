/**
 * The table's rows of a `filter` above the words (lib/shared/seen/rules.ts spreads them in its
 * place among the rows, read top to bottom with the others): a filter not read, a weak contrast
 * or brightness, a brightness that turns all white, an invert near one half, a filter that
 * changes the words' colour and not what shows behind them, a blur, a function the rows do not
 * know. Apart only to keep the table's file short. Pure data.
 */
import {
  MIN_FILTER_AMOUNT,
  MAX_FILTER_BRIGHTNESS,
  MAX_INVERT_KEPT,
  MIN_INVERT_TURNED,
  MAX_FILTER_BLUR_PX,
  MAX_RECOLOUR_KEPT,
  SETTLED_FILTERS,
} from './thresholds';
import type { FilterFunction, FilterMeasured, SeenRule } from './measured';

/** Filter functions whose amount a row judges (opacity is multiplied into `opacity` by the measure). */
const KNOWN_FILTERS: ReadonlySet<string> = new Set(['opacity', 'contrast', 'brightness', 'invert', 'blur']);

/** Whether some function of a measured filter is one `which` picks. */
function applies(filter: FilterMeasured | undefined, which: (f: FilterFunction) => boolean): boolean {
  return filter !== undefined && filter.functions.some(which);
}

/** Whether a function turns the colour of what it filters away from what it was (not what lies outside the filter). */
function recolours(f: FilterFunction): boolean {
  if (f.name === 'invert') return !(f.amount <= MAX_INVERT_KEPT);
  if (f.name !== 'brightness' && f.name !== 'contrast') return false;
  return !(f.amount <= MAX_RECOLOUR_KEPT && f.amount >= 1 / MAX_RECOLOUR_KEPT);
}

/** The rows of a filter, in the table's order. */
export const FILTER_RULES: readonly SeenRule[] = [
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
    when: (m) => m.filter?.backed !== true && applies(m.filter, recolours),
    says: `A filter above them changes their colour (an invert(), or a brightness() or contrast() beyond ${MAX_RECOLOUR_KEPT}× either way) on a box that does not paint what is behind them: what shows behind may keep its colour.`,
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
];
