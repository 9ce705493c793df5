/**
 * The page's side of the one definition of "seen" (lib/shared/seen/seen.ts holds the table of rules):
 * what a run of words' own glyphs and the filters above them measure to, as the values the
 * table's rows read (`glyphsMeasured`, `filterMeasured`), and their verdicts by those rows (`glyphsHide`, `filterEffect`,
 * `hiddenRuns`, `orderHides`). Pure: the rectangles and computed values are
 * read by the callers (lib/page/seen/ancestry.ts), so that each measurement is tested without layout.
 */
import type { NotSeen } from '@/lib/shared/protocol/types';
import { asker, type SeenVerdict } from '@/lib/shared/seen/seen';
import type { CharRun, FilterFunction, FilterMeasured, GlyphsMeasured } from '@/lib/shared/seen/measured';
import { allInside, cut, type Rect } from '@/lib/page/dom/geometry';

/** One function of a filter: its name, and what is in its parentheses. */
const FILTER_FUNCTION = /([a-z-]+)\(((?:[^()]|\([^()]*\))*)\)/g;

/**
 * A computed `filter` as the rows read it: its functions, each with its amount (a share, `50%`
 * read as 0.5, none given as 1; a blur's in pixels, none given as 0), and whether anything in it
 * is not read as a function (a url(), a syntax not known).
 */
export function filterMeasured(filter: string): FilterMeasured {
  if (filter === 'none' || filter === '') return { functions: [], unread: false };
  const functions: FilterFunction[] = [];
  for (const m of filter.matchAll(FILTER_FUNCTION)) {
    const name = m[1]!;
    const arg = m[2]!.trim();
    const amount =
      name === 'blur' ? parseFloat(arg || '0') : arg === '' ? 1 : arg.endsWith('%') ? parseFloat(arg) / 100 : parseFloat(arg);
    functions.push({ name, amount });
  }
  return { functions, unread: filter.replace(FILTER_FUNCTION, '').trim() !== '' };
}

const askFilter = asker(['filter']);

/**
 * What one element's `filter` does to the words it holds: the opacity it multiplies by (its
 * `opacity()` functions), and whether the table's rows of filters (lib/shared/seen/seen.ts) leave
 * it unsettled. Colour shifts that keep words apart from what is around them settle; a weak
 * brightness or contrast, a brightness that turns all white, an invert near one half, a blur, a
 * url() filter do not, and neither does one that changes the words' colour on an element that is
 * not `backed` (its own opaque background under all it holds: what shows behind the words may
 * lie outside the filter, keeping its colour).
 */
export function filterEffect(filter: string, backed = false): { opacity: number; unsettled: boolean } {
  if (filter === 'none' || filter === '') return { opacity: 1, unsettled: false };
  const measured = { ...filterMeasured(filter), backed };
  let opacity = 1;
  for (const f of measured.functions) if (f.name === 'opacity') opacity *= Math.min(1, Number.isFinite(f.amount) ? f.amount : 0);
  return { opacity, unsettled: askFilter({ filter: measured }).seen !== 'seen' };
}

/**
 * What the glyphs of a run of `chars` visible characters, drawn in `rects` (the words' own client
 * rectangles, after every transform), each cut to `clip` (what the boxes around them that hide
 * overflow leave) and to what the page can scroll to (`reach`), measure to, for the table's rows.
 * `chars` may be a count asked only when needed, `maxChars` a bound on it known at once.
 */
export function glyphsMeasured(
  rects: ArrayLike<Rect>,
  chars: number | (() => number),
  clip: Rect | null,
  reach: { scrollX: number; scrollY: number; width: number; height: number },
  maxChars: number = typeof chars === 'number' ? chars : Infinity,
): GlyphsMeasured {
  // One pass, no arrays: asked of every text node the check reads.
  const pageRight = reach.width - reach.scrollX;
  const pageBottom = reach.height - reach.scrollY;
  let drawn = 0;
  let onPage = 0;
  let shown = 0;
  let tallest = 0;
  let width = 0;
  let height = 0;
  for (let i = 0; i < rects.length; i++) {
    // (Each side read once: a DOMRect's sides are calls into the browser.)
    const r = rects[i]!;
    const rl = r.left;
    const rt = r.top;
    const rr = r.right;
    const rb = r.bottom;
    if (!(rr - rl > 0 && rb - rt > 0)) continue;
    drawn++;
    width += rr - rl;
    height = Math.max(height, rb - rt);
    let left = Math.max(rl, -reach.scrollX);
    let top = Math.max(rt, -reach.scrollY);
    let right = Math.min(rr, pageRight);
    let bottom = Math.min(rb, pageBottom);
    if (!(right > left && bottom > top)) continue;
    onPage++;
    if (clip !== null) {
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
      if (!(right > left && bottom > top)) continue;
    }
    shown++;
    tallest = Math.max(tallest, bottom - top);
  }
  const count = typeof chars === 'function' ? chars : () => chars;
  return { drawn, onPage, shown, tallest, width, height, maxChars, chars: count };
}

const askGlyphs = asker(['glyphBox']);

/**
 * Why the glyphs `glyphsMeasured` measures cannot be read, by the table's rows
 * (lib/shared/seen/seen.ts); null when they can.
 */
export function glyphsHide(...measured: Parameters<typeof glyphsMeasured>): NotSeen | null {
  const verdict = askGlyphs({ glyphBox: glyphsMeasured(...measured) });
  return verdict.seen === 'seen' ? null : verdict.why;
}

const askCut = asker(['glyphCut']);
const askRun = asker(['runMeasures']);

/**
 * The runs of a text node's characters a reader cannot see when some of its glyphs lie outside
 * `area` (what the boxes around it leave of it, within what a reader can scroll to) and some do
 * not: a line clamp, a single line cut off by a box that hides overflow, columns past a box's
 * edge, a first line indented away. `measure(a, b)` gives the client rectangles of characters
 * `[a, b)`; `isSpace(i)` whether character `i` is white space (which proves nothing either way).
 * By halves: a run whose glyphs all lie inside is seen, one with none inside is not, any other
 * is cut in two, down to single characters (seen as the table's row of a glyph cut says: at least half of it inside).
 * At most `MAX_RUN_MEASURES` measurements (the table's row of `runMeasures`): what is left
 * unsettled then is hidden (fail closed).
 */
export function hiddenRuns(
  length: number,
  measure: (start: number, end: number) => ArrayLike<Rect>,
  area: Rect,
  isSpace: (i: number) => boolean,
): CharRun[] {
  const hidden: Array<[number, number]> = [];
  const hide = (a: number, b: number) => {
    const last = hidden[hidden.length - 1];
    if (last !== undefined && last[1] === a) last[1] = b;
    else hidden.push([a, b]);
  };
  let measures = 0;
  // Depth first, in order, so that runs come out sorted.
  const stack: Array<[number, number]> = [[0, length]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    let words = false;
    for (let i = a; i < b && !words; i++) words = !isSpace(i);
    if (!words) continue;
    if (askRun({ runMeasures: measures + 1 }).seen !== 'seen') {
      hide(a, b);
      continue;
    }
    measures++;
    const rects = measure(a, b);
    const drawn = Array.from(rects).filter((r) => r.right - r.left > 0 && r.bottom - r.top > 0);
    if (drawn.length === 0) {
      hide(a, b);
      continue;
    }
    if (allInside(drawn, area)) continue;
    const inside = drawn.some((r) => cut(r, area) !== null);
    if (!inside) {
      hide(a, b);
      continue;
    }
    if (b - a === 1) {
      const r = drawn[0]!;
      const c = cut(r, area);
      const left = c === null ? 0 : (c.right - c.left) * (c.bottom - c.top);
      if (askCut({ glyphCut: { left, whole: (r.right - r.left) * (r.bottom - r.top) } }).seen !== 'seen') hide(a, b);
      continue;
    }
    const mid = (a + b) >>> 1;
    stack.push([mid, b], [a, mid]);
  }
  return hidden;
}

/**
 * Bidi formatting characters in a text: embeddings, overrides, isolates and their ends
 * (U+202A–U+202E, U+2066–U+2069). An override among them may draw the words that follow backwards.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS_ALL = /[\u202A-\u202E\u2066-\u2069]/g;

/** Letters of the scripts written right to left. (Their digits, like every digit, are drawn left to right.) */
const RTL_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}]/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/**
 * The way a character is drawn to follow the one before it in its own script, whatever the
 * direction of the text around it: 1 left to right (letters of left-to-right scripts, every digit,
 * Arabic-Indic ones too), -1 right to left (Hebrew, Arabic… letters), 0 neither (spaces,
 * punctuation, marks, symbols, whose place the bidi algorithm settles from their neighbours).
 */
export function ownDirection(ch: string): -1 | 0 | 1 {
  if (DIGIT.test(ch)) return 1;
  if (RTL_LETTER.test(ch)) return -1;
  return LETTER.test(ch) ? 1 : 0;
}

const askOrder = asker(['orderSamples', 'letterPair']);

/**
 * Why a text node's words are drawn in an order no reader can read, by the table's rows (its
 * `glyphs` value, `'unmeasured'` for unproven; null: they are not): two neighbouring letters of
 * one direction (a word's, `ownDirection`) drawn on one line against it (a bidi override or
 * `<bdo>` against the text's own direction, U+202D/U+202E, a mirroring transform), the rows of
 * `letterPair`. Unicode's bidi algorithm, with no override, never draws a word's letters against
 * their own direction: Arabic or Hebrew words in a right-to-left paragraph, or in a left-to-right
 * one, read as written; so the order the browser draws is compared with the text's, not the
 * properties that may change it. Measured at the first word of the text, at the first word after
 * each bidi control and at a few words across it (`orderSamples`, a budget of the table's);
 * `measure(a, b)` gives the client rectangles of characters `[a, b)`.
 */
export function orderHides(
  text: string,
  measure: (start: number, end: number) => ArrayLike<Rect>,
): NotSeen | 'unmeasured' | null {
  const starts = [0, text.length >> 2, text.length >> 1, (3 * text.length) >> 2];
  for (const m of text.matchAll(BIDI_CONTROLS_ALL)) starts.push(m.index + 1);
  const budget = askOrder({ orderSamples: starts.length });
  if (budget.seen !== 'seen') return hidesBy(budget);
  for (const start of starts) {
    const pair = letterPair(text, start);
    if (pair === null) continue;
    const [i, j, dir] = pair;
    const a = firstArea(measure(i, i + codeUnits(text, i)));
    const b = firstArea(measure(j, j + codeUnits(text, j)));
    if (a === null || b === null) continue;
    const shared = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    const shorter = Math.min(a.bottom - a.top, b.bottom - b.top);
    const along = dir * ((b.left + b.right) / 2 - (a.left + a.right) / 2);
    const narrower = Math.min(a.right - a.left, b.right - b.left);
    const verdict = askOrder({ letterPair: { shared, shorter, along, narrower } });
    if (verdict.seen !== 'seen') return hidesBy(verdict);
  }
  return null;
}

/**
 * Whether a text node's words are drawn in an order no reader can read (`orderHides`): true,
 * false, or 'unmeasured' when the text holds more controls than can be measured.
 */
export function drawnBackwards(text: string, measure: (start: number, end: number) => ArrayLike<Rect>): boolean | 'unmeasured' {
  const hides = orderHides(text, measure);
  return hides === null ? false : hides === 'unmeasured' ? 'unmeasured' : true;
}

/**
 * A verdict of the table as a measure's `glyphs` value (lib/shared/seen/measured.ts): its reason,
 * or 'unmeasured' for unproven (the table's row of what could not be measured reads it so).
 */
export function hidesBy(verdict: SeenVerdict): NotSeen | 'unmeasured' | null {
  return verdict.seen === 'seen' ? null : verdict.seen === 'unproven' ? 'unmeasured' : verdict.why;
}

/** From `start` (within 64 characters): two neighbouring characters of one direction, and that direction. */
function letterPair(text: string, start: number): [number, number, 1 | -1] | null {
  const end = Math.min(text.length, start + 64);
  for (let i = start; i < end; i += codeUnits(text, i)) {
    const dir = ownDirection(String.fromCodePoint(text.codePointAt(i)!));
    if (dir === 0) continue;
    const j = i + codeUnits(text, i);
    if (j < text.length && ownDirection(String.fromCodePoint(text.codePointAt(j)!)) === dir) return [i, j, dir];
  }
  return null;
}

function codeUnits(text: string, i: number): number {
  return text.codePointAt(i)! > 0xffff ? 2 : 1;
}

function firstArea(rects: ArrayLike<Rect>): Rect | null {
  for (let i = 0; i < rects.length; i++) {
    const r = rects[i]!;
    if (r.right - r.left > 0 && r.bottom - r.top > 0) return r;
  }
  return null;
}

/**
 * Of the neighbouring boxes of one run of words' glyphs (its lines, in order) that share some
 * width, the most height two of them share, and the shorter one's height: lines drawn over each
 * other share most of it (`stackedLines`, judged by the table's row). Side by side on one line
 * (a run split by direction), two boxes share no width.
 */
export function linesOverlap(rects: ArrayLike<Rect>): { shared: number; shorter: number } {
  let most = { shared: 0, shorter: 0 };
  for (let i = 1; i < rects.length && i < 200; i++) {
    const a = rects[i - 1]!;
    const b = rects[i]!;
    const k = cut(a, b);
    if (k === null || !(k.right - k.left > 1)) continue;
    const shared = k.bottom - k.top;
    const shorter = Math.min(a.bottom - a.top, b.bottom - b.top);
    if (shorter > 0 && shared / shorter > (most.shorter > 0 ? most.shared / most.shorter : 0)) most = { shared, shorter };
  }
  return most;
}
