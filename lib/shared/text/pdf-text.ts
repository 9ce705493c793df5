/**
 * A PDF page's text, built one way for both sides: the extension reads a PDF's text items
 * (pdf.js `getTextContent`) into passages, and the PDF viewer finds a cited quote in the text
 * layer that pdf.js draws from the same items. Both join the items with the same rule, so the
 * characters a passage was cut from are exactly the characters the viewer searches, and a quote
 * that was verified is a quote that can be highlighted. Pure: no DOM, no pdf.js.
 *
 * Lines are the items up to one that ends a line (`hasEOL`), joined with "\n"; a line that ends
 * in a hyphen or en dash after a letter or digit ("4-" then "yard line"), or a line that starts with
 * a dash glued to a word ("—of"), is joined to its neighbour without one, as a reader reads it.
 * Blocks (paragraphs, headings) come from the lines' geometry: a gap wider
 * than a line, a change of type size, or a line that goes back up the page (a new column).
 */

/** The part of a pdf.js text item (or a text-layer span) that the text is built from. */
export interface PdfTextItem {
  str: string;
  hasEOL: boolean;
  /** pdf.js's text matrix `[a, b, c, d, x, y]` (user space, y up); the viewer's items have none. */
  transform?: number[];
}

/** A line of a page: the items `[first, last]` and where its text sits in the page's text. */
export interface PdfLine {
  first: number;
  last: number;
  start: number;
  end: number;
  /** Baseline (y, up the page) and left edge of the line's first item with text. */
  y: number;
  x: number;
  /** The largest type size on the line. */
  size: number;
}

/** Same shape as lib/page's `TextBlock`: a run of text between two block boundaries. */
export interface PdfBlock {
  start: number;
  end: number;
  heading?: string;
  headingLevel?: number;
  section: number;
}

export interface PdfPageText {
  text: string;
  /** `text.slice(starts[i], starts[i] + items[i].str.length) === items[i].str`. */
  starts: number[];
  lines: PdfLine[];
}

/**
 * A line that ends in a hyphen or an en dash right after a word: the line was broken inside
 * "4-yard" or "1883–1950". (After an em dash the text went on after a space as often as not.)
 */
const HYPHEN_END = /[\p{L}\p{N}][-\u2010\u00AD\u2013]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;
const WORD_END = /[\p{L}\p{N}]$/u;
/** A line that starts with a dash glued to a word ("—of the order"): broken before the dash. */
const DASH_START = /^[\u2013\u2014][\p{L}\p{N}]/u;

/** The type size of an item: the length of its text matrix's vertical vector. */
export function itemSize(item: PdfTextItem): number {
  const t = item.transform;
  return t ? Math.hypot(t[2] ?? 0, t[3] ?? 0) : 0;
}

/** Joins a page's items into its text, line by line (see the module comment). */
export function pageText(items: PdfTextItem[]): PdfPageText {
  const parts: string[] = [];
  const starts: number[] = [];
  const lines: PdfLine[] = [];
  let length = 0;
  let line: PdfLine | null = null;
  /** The last few characters written, to test the hyphen rule without re-reading the parts. */
  let tail = '';
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    starts.push(length);
    if (item.str) {
      if (!line) line = { first: i, last: i, start: length, end: length, y: NaN, x: NaN, size: 0 };
      if (Number.isNaN(line.y) && item.str.trim() && item.transform) {
        line.x = item.transform[4] ?? 0;
        line.y = item.transform[5] ?? 0;
      }
      line.size = Math.max(line.size, item.str.trim() ? itemSize(item) : 0);
      parts.push(item.str);
      length += item.str.length;
      tail = (tail + item.str).slice(-4);
      line.last = i;
      line.end = length;
    }
    if (item.hasEOL) {
      if (line) {
        lines.push(line);
        line = null;
      }
      const next = items.slice(i + 1).find((n) => n.str)?.str ?? '';
      // A word cut at a hyphen goes on without a break; any other line end is one.
      const joined = (HYPHEN_END.test(tail) && WORD_START.test(next)) || (WORD_END.test(tail) && DASH_START.test(next));
      if (!joined && length > 0 && tail.slice(-1) !== '\n') {
        parts.push('\n');
        length += 1;
        tail = (tail + '\n').slice(-4);
      }
    }
  }
  if (line) lines.push(line);
  // The break after the last line ends nothing.
  if (parts[parts.length - 1] === '\n') parts.pop();
  return { text: parts.join(''), starts, lines };
}

/** The most common type size of some pages' text, counted in characters: the body text's. */
export function bodySize(pages: Array<{ items: PdfTextItem[] }>): number {
  const counts = new Map<number, number>();
  for (const { items } of pages) {
    for (const item of items) {
      const size = Math.round(itemSize(item) * 2) / 2;
      if (size > 0 && item.str.trim()) counts.set(size, (counts.get(size) ?? 0) + item.str.length);
    }
  }
  let best = 0;
  let most = 0;
  for (const [size, n] of counts) {
    if (n > most) {
      best = size;
      most = n;
    }
  }
  return best;
}

/** Where the headings stand when a page begins: passed from one page to the next. */
export interface HeadingState {
  heading?: string;
  section: number;
}

/** Headings are short: a larger-type block longer than this is a pull quote or a lead, not a heading. */
const MAX_HEADING_CHARS = 200;

/**
 * The page's blocks: lines go together while they are close (a gap at most 1.3 times the page's
 * usual line spacing), of one size (within 10%) and going down the page. A block in larger type than the
 * body's, and short, is a heading: level 1 from 1.8 times the body size, 2 from 1.4, else 3.
 */
export function pageBlocks(page: PdfPageText, body: number, state: HeadingState = { section: 0 }): PdfBlock[] {
  const spacing = lineSpacing(page.lines);
  const groups: PdfLine[][] = [];
  for (const line of page.lines) {
    const group = groups[groups.length - 1];
    const prev = group?.[group.length - 1];
    if (!group || !prev || breaks(prev, line, spacing)) groups.push([line]);
    else group.push(line);
  }
  const blocks: PdfBlock[] = [];
  for (const group of groups) {
    const start = group[0]!.start;
    const end = group[group.length - 1]!.end;
    const text = page.text.slice(start, end).replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const size = Math.max(...group.map((l) => l.size));
    const ratio = body > 0 ? size / body : 1;
    const block: PdfBlock = { start, end, section: state.section };
    if (ratio >= 1.15 && text.length <= MAX_HEADING_CHARS) {
      state.section++;
      block.section = state.section;
      block.headingLevel = ratio >= 1.8 ? 1 : ratio >= 1.4 ? 2 : 3;
      state.heading = text;
    }
    if (state.heading !== undefined && block.headingLevel === undefined) block.heading = state.heading;
    blocks.push(block);
  }
  return blocks;
}

/** The page's usual distance from one baseline to the next, as a ratio of the type size. */
function lineSpacing(lines: PdfLine[]): number {
  const ratios: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    const size = Math.max(a.size, b.size);
    if (!(size > 0) || Math.abs(a.size - b.size) > 0.1 * size) continue;
    const r = (a.y - b.y) / size;
    if (r >= 0.8 && r <= 3) ratios.push(r);
  }
  if (ratios.length === 0) return 1.2;
  ratios.sort((x, y) => x - y);
  return ratios[ratios.length >> 1]!;
}

function breaks(prev: PdfLine, line: PdfLine, spacing: number): boolean {
  if (Number.isNaN(prev.y) || Number.isNaN(line.y)) return false;
  const size = Math.max(prev.size, line.size) || 1;
  if (Math.abs(prev.size - line.size) > 0.1 * size) return true;
  const gap = (prev.y - line.y) / size;
  // Back up the page: a new column. Far below: a new paragraph. Same baseline: the line goes on.
  if (gap < -0.5) return true;
  return gap > Math.max(1.3 * spacing, 1.15);
}
