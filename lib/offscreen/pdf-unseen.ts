/**
 * Words of a PDF that no reader sees. pdf.js's text items hold every glyph a page shows, and
 * every glyph it draws invisibly too: text render mode 3 (or 7, clip only), text filled in the
 * page's own colour (white), or type under a point. A scanned page's text layer is drawn invisibly over the picture
 * of its words, and a reader reads it there: on a page that paints a picture, such words stay
 * (white words there may sit on a dark picture or band, which is not measured). pdf.js's items
 * say nothing of how their glyphs were drawn, so the page's drawing operations (its operator
 * list) are walked for each glyph, and the items' characters are matched to them in order; an
 * item the walk cannot match, on a page that draws anything unseen, counts as unseen. This
 * measures; the PDFs' table of rules (lib/shared/seen/pdf-seen.ts) decides. Pure: the operator
 * list and pdf.js's operation codes are passed in.
 */
import { itemSize, type PdfTextItem } from '@/lib/shared/text/pdf-text';
import { pdfSeen } from '@/lib/shared/seen/pdf-seen';

/** A page's drawing operations, as pdf.js `getOperatorList` gives them. */
export interface PdfOperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/** The pdf.js operation codes (`OPS`) the walk reads. */
export type PdfOps = Record<string, number>;

/** The page's glyphs with words, in drawing order, and whether a reader sees each. */
export interface PageGlyphs {
  chars: string;
  seen: boolean[];
  /** Some glyph is drawn unseen. */
  anyUnseen: boolean;
}

const SHOW_TEXT = ['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText'];
const PICTURES = [
  'paintImageXObject',
  'paintImageXObjectRepeat',
  'paintInlineImageXObject',
  'paintInlineImageXObjectGroup',
  'paintJpegXObject',
];
const SPACE = /\s/;

/** The least channel (0–255) of a `#rrggbb` colour; null for any other. */
function leastChannel(colour: unknown): number | null {
  if (typeof colour !== 'string' || !/^#[0-9a-f]{6}$/i.test(colour)) return null;
  let least = 255;
  for (let i = 1; i < 7; i += 2) least = Math.min(least, parseInt(colour.slice(i, i + 2), 16));
  return least;
}

/** The glyphs of one page, each seen or not, from its operator list. */
export function pageGlyphs(list: PdfOperatorList, ops: PdfOps): PageGlyphs {
  const code = (name: string) => ops[name] ?? -1;
  const show = new Set(SHOW_TEXT.map(code));
  const pictures = new Set(PICTURES.map(code));
  const [save, restore, mode, fill] = ['save', 'restore', 'setTextRenderingMode', 'setFillRGBColor'].map(code);
  let picture = false;
  for (let i = 0; i < list.fnArray.length; i++) if (pictures.has(list.fnArray[i]!)) picture = true;
  const stack: Array<{ mode: number; fillLeast: number | null }> = [];
  let state: { mode: number; fillLeast: number | null } = { mode: 0, fillLeast: null };
  let chars = '';
  const seen: boolean[] = [];
  let anyUnseen = false;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === save) stack.push(state);
    else if (fn === restore) state = stack.pop() ?? state;
    else if (fn === mode) state = { ...state, mode: Number(args?.[0] ?? 0) };
    else if (fn === fill) state = { ...state, fillLeast: leastChannel(args?.[0]) };
    else if (show.has(fn)) {
      const unseen = !pdfSeen({ mode: state.mode, fillLeast: state.fillLeast, picture });
      // The glyphs are the last argument (spacing comes first for the quote operators).
      const glyphs = args?.find((a) => Array.isArray(a)) as unknown[] | undefined;
      for (const g of glyphs ?? []) {
        const unicode = (g as { unicode?: unknown } | null)?.unicode;
        if (typeof unicode !== 'string') continue;
        // By UTF-16 unit, as strings are searched.
        for (let k = 0; k < unicode.length; k++) {
          const ch = unicode[k]!;
          if (SPACE.test(ch)) continue;
          chars += ch;
          seen.push(!unseen);
          if (unseen) anyUnseen = true;
        }
      }
    }
  }
  return { chars, seen, anyUnseen };
}

/**
 * The page's items without the characters no reader sees (an item with none left keeps its line
 * end and no text). On a page that draws nothing unseen they are the items as they are.
 */
export function withoutUnseen(items: PdfTextItem[], glyphs: PageGlyphs | null): PdfTextItem[] {
  // No walk (it failed): nothing can be told, so the table says nothing is seen.
  if (glyphs === null) return pdfSeen({ walked: false }) ? items : items.map((item) => ({ ...item, str: '' }));
  // Type too small to read, whatever its colour.
  const tiny = (item: PdfTextItem) =>
    item.transform !== undefined && item.str.trim() !== '' && !pdfSeen({ typePt: itemSize(item) });
  if (items.some(tiny)) items = items.map((item) => (tiny(item) ? { ...item, str: '' } : item));
  // Every glyph seen: nothing to cut, and an item not matched is seen (the table asks `someUnseen`).
  if (!glyphs.anyUnseen) return items;
  let at = 0;
  return items.map((item) => {
    const letters = item.str.replace(/\s+/g, '');
    if (!letters) return item;
    let from = glyphs.chars.startsWith(letters, at) ? at : glyphs.chars.indexOf(letters, at);
    if (from < 0) return pdfSeen({ matched: false, someUnseen: true }) ? item : { ...item, str: '' };
    let str = '';
    for (let k = 0; k < item.str.length; k++) {
      const ch = item.str[k]!;
      if (SPACE.test(ch)) str += ch;
      else if (glyphs.seen[from++]) str += ch;
      else if (!str.endsWith(' ')) str += ' ';
    }
    at = from;
    return str === item.str ? item : { ...item, str: str.trim() ? str : '' };
  });
}
