/**
 * Where the text walk writes: it concatenates the data of the visible text nodes it is given
 * (untouched, so an offset in the text maps back to an offset in a node) and keeps words apart
 * where the page shows them apart, with "\n" separators that belong to no node: at block
 * boundaries, `<br>` and table cells, between side-by-side links, and around inline boxes only
 * where two words would touch. It also cuts the text into blocks, each with the nearest heading
 * above it. Knows nothing of styles or of the tree: the walker says what each element is.
 */

/** A visible text node and where its data sits in `CollectedText.text`. */
export interface TextSegment {
  node: Text;
  /** `text.slice(start, end) === node.data` at the time of the walk. */
  start: number;
  end: number;
}

/** A run of text between two block boundaries (it may contain "\n" from `<br>` or cells). */
export interface TextBlock {
  start: number;
  end: number;
  /** The text (whitespace collapsed) of the nearest heading (h1–h6) above the block. */
  heading?: string;
  /**
   * Where that heading's words are in the text, `[headingStart, headingEnd)`: the check before
   * sending asks them with the passages it heads (lib/page/read/passage-check.ts).
   */
  headingStart?: number;
  headingEnd?: number;
  /** Set when the block is (part of) a heading itself: its level, 1–6. */
  headingLevel?: number;
  /**
   * Headings started before the block: blocks of one section, and the heading that opens it,
   * share this number.
   */
  section: number;
}

/** How an element sits among its neighbours' text (see `boxKind`). */
export type BoxKind = typeof INLINE | typeof BLOCK | typeof CELL | typeof BOX;
/** Text flows through it: `<b>`, `<a>`, a `<span>`. */
export const INLINE = 0;
/** It starts and ends a block. */
export const BLOCK = 1;
/** It keeps its text apart from its neighbours' without ending the block: table cells. */
export const CELL = 2;
/** An inline box (inline-block, inline-flex...): apart only where a word would touch a word. */
export const BOX = 3;

/** Elements that start and end a block, whatever their computed display says. */
const BLOCK_TAGS = new Set([
  'html',
  'body',
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'legend',
  'li',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'plaintext',
  'pre',
  'search',
  'section',
  'summary',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'ul',
  'xmp',
  'colgroup',
]);

/** Elements that separate their text from their neighbours' without ending the block. */
const CELL_TAGS = new Set(['td', 'th']);

/**
 * How an element with `tag` and computed `display` sits among its neighbours' text. Items of a
 * flex or grid container (`isItem`) are laid out as boxes of their own.
 */
export function boxKind(tag: string, display: string, isItem: boolean): BoxKind {
  if (isItem || BLOCK_TAGS.has(tag)) return BLOCK;
  let kind = DISPLAY_KIND.get(display);
  if (kind === undefined) {
    kind = isBlockDisplay(display) ? BLOCK : display === 'table-cell' ? CELL : display.startsWith('inline-') ? BOX : INLINE;
    DISPLAY_KIND.set(display, kind);
  }
  return kind !== BLOCK && CELL_TAGS.has(tag) ? CELL : kind;
}

/** What each display value makes of an element of no special tag: a page uses a dozen of them. */
const DISPLAY_KIND = new Map<string, BoxKind>();

function isBlockDisplay(display: string): boolean {
  if (!display || display === 'inline' || display === 'contents' || display === 'none') return false;
  if (display.startsWith('inline') || display.startsWith('ruby')) return false;
  if (display === 'table-cell' || display === 'table-column' || display === 'table-column-group') {
    return false;
  }
  return true; // block, flex, grid, list-item, table, table-row, flow-root, ...
}

const NON_SPACE = /\S/;
const LETTER = /\p{L}/u;
/** A capital followed by a letter: the start of a word that is plainly a new one. */
const CAPITALIZED = /^\p{Lu}\p{L}/u;
/** `TextSink.inlineEdges`: an inline element began, ended, both (its text touches another's). */
const ENTERED = 1;
const LEFT = 2;
const BETWEEN = ENTERED | LEFT;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const UPPER_OR_DIGIT = /[\p{Lu}\p{Lt}\p{N}]/u;
/**
 * Around an inline box (inline-block, inline-flex...), characters that the box's text is written
 * against: after an opening bracket, quote, dash or slash, before a closing one or punctuation.
 * "<code>if</code>-blocks" and "(<code>c/o</code>)." stay as written; words are kept apart.
 */
const GLUES_BEFORE_BOX = /[([{'"\u2018\u201c\u00ab/\-\u2010-\u2014@#$\u00a3\u20ac\u00a5]/u;
const GLUES_AFTER_BOX = /[)\]}'"\u2019\u201d\u00bb/\-\u2010-\u2014.,;:!?%\u2026]/u;

/** True when `data` has a character that is not white space (`\S`). */
export function hasWords(data: string): boolean {
  // Most text that holds words starts with one: no regular expression for it.
  const c = data.charCodeAt(0);
  return (c > 32 && c < 0xa0) || NON_SPACE.test(data);
}

/** What the walker writes to, in reading order (a `TextSink`; tests record it). */
export interface TextWriter {
  /** Characters written so far. */
  readonly length: number;
  /** The `<a>` being read: the walker sets it as it enters a link and restores it as it leaves. */
  link: Element | null;
  /**
   * Whether the size budget may cut a text node's data (extraction); never where anchoring needs
   * each segment to be its node's whole data.
   */
  readonly cutsText: boolean;
  text(node: Text, data: string, words: boolean, isItem: boolean): void;
  /** An element of kind `kind` starts. */
  enter(kind: BoxKind): void;
  /** The element entered last (its kind `kind`) ends. */
  leave(kind: BoxKind): void;
  lineBreak(): void;
  openHeading(level: number): boolean;
  closeHeading(): void;
}

/** The text, its segments and its blocks, in reading order. */
export class TextSink implements TextWriter {
  /** Characters written so far. */
  length = 0;
  /** The `<a>` being read: the walker sets it as it enters a link and restores it as it leaves. */
  link: Element | null = null;
  readonly keepsSegments: boolean;
  readonly cutsText: boolean;
  private readonly segments: TextSegment[] = [];
  private readonly blocks: TextBlock[] = [];
  // Pieces joined once at the end: reading back a string built with += (to test its last
  // character, say) flattens it each time, which is quadratic on a big page.
  private readonly parts: string[] = [];
  private endsWithSeparator = false;
  private endsWithSpace = true;
  /** An inline box began or ended since the last text: keep the next word apart if it touches one. */
  private atBoxEdge = false;
  /** Which inline elements' edges were passed since the last text: `ENTERED | LEFT` bits. */
  private inlineEdges = 0;
  /** The last UTF-16 unit of the last text written. */
  private lastCode = 0;
  /** The `<a>` the last words written came from. */
  private textLink: Element | null = null;
  private blockHasText = false;
  private blockStart = 0;
  private heading: string | undefined = undefined;
  /** Where the heading's words are in the text. */
  private headingStart = 0;
  private headingEnd = 0;
  /** Where the heading being read began. */
  private openedAt = 0;
  /** > 0 while inside a heading element. */
  private headingLevel = 0;
  /** The text of the heading being read. */
  private headingParts: string[] | null = null;
  private section = 0;

  /**
   * `keepSegments`: keep the text node of every segment (anchoring needs them, and extraction, for
   * the check before sending). `cutsText`: the size budget may cut a node's data (then the last
   * segment ends where the cut does); by default only when segments are not kept.
   */
  constructor(keepSegments: boolean, cutsText = !keepSegments) {
    this.keepsSegments = keepSegments;
    this.cutsText = cutsText;
  }

  /**
   * The data of a visible text node. `words`: `hasWords(data)`. `isItem`: the node is a child of
   * a flex or grid container, where text that holds words is an item of its own.
   */
  text(node: Text, data: string, words: boolean, isItem: boolean): void {
    const inOneLink = this.link !== null && this.link === this.textLink;
    if (words && this.link !== this.textLink) {
      if (this.link && this.textLink && this.linksApart(this.link, this.textLink, data)) this.separate(false);
      this.textLink = this.link;
    }
    if (
      !this.endsWithSpace &&
      ((this.atBoxEdge && this.wordsTouch(data)) || (inOneLink && this.inlineEdges === BETWEEN && this.wordStarts(data)))
    ) {
      this.separate(false);
    }
    const ownItem = isItem && words;
    if (ownItem) this.separate(true);
    if (this.keepsSegments) this.segments.push({ node, start: this.length, end: this.length + data.length });
    this.append(data);
    this.lastCode = data.charCodeAt(data.length - 1);
    this.endsWithSpace = isSpaceCode(this.lastCode);
    if (words) this.blockHasText = true;
    if (ownItem) this.separate(true);
  }

  enter(kind: BoxKind): void {
    if (kind === INLINE) this.inlineEdges |= ENTERED;
    else this.edge(kind);
  }

  leave(kind: BoxKind): void {
    if (kind === INLINE) this.inlineEdges |= LEFT;
    else this.edge(kind);
  }

  /** The start or end of an element that is no inline one: the same boundary both ways. */
  private edge(kind: BoxKind): void {
    if (kind === BLOCK) this.separate(true);
    else if (kind === CELL) this.separate(false);
    else if (kind === BOX) this.atBoxEdge = true;
  }

  /** A `<br>`: the next word starts a new line of the same block. */
  lineBreak(): void {
    this.separate(false);
  }

  /**
   * A heading element of `level` starts (its block edge already written). False inside another
   * heading, which stays the one being read: then this one is read as its text.
   */
  openHeading(level: number): boolean {
    if (this.headingLevel > 0) return false;
    this.headingParts = [];
    this.headingLevel = level;
    this.openedAt = this.length;
    this.section++;
    return true;
  }

  /**
   * The heading opened last ends: its own blocks carry the heading above it; what follows
   * carries this one.
   */
  closeHeading(): void {
    const end = this.length;
    this.separate(true);
    const text = collapse((this.headingParts ?? []).join(''));
    this.headingParts = null;
    this.headingLevel = 0;
    if (text) {
      this.heading = text;
      this.headingStart = this.openedAt;
      this.headingEnd = end;
    }
  }

  /** The text, its segments (empty unless kept) and its blocks. Write nothing after. */
  finish(): { text: string; segments: TextSegment[]; blocks: TextBlock[] } {
    this.closeBlock();
    return { text: this.parts.join(''), segments: this.segments, blocks: this.blocks };
  }

  /**
   * Two links side by side are two things a reader clicks, kept apart on screen by the page's
   * CSS (a margin, generated content) even with no space between them. When the second plainly
   * starts a new word ("Horror" "Zombies", "Home" "About", "1" "2"), they are kept apart here
   * too, and so are tags that end in a sign ("LGBTQ+" "Psychological Horror"). "[12][13]" stays
   * as shown, and so do a word cut into links ("D" "ata") and a first link that opens something
   * ("(" "See"). Links to two different places are two things even when the second starts in
   * lower case ("Team-Based" "eSports").
   */
  private linksApart(link: Element, before: Element, data: string): boolean {
    if (this.endsWithSpace || GLUES_BEFORE_BOX.test(String.fromCharCode(this.lastCode))) return false;
    const first = data[0]!;
    return UPPER_OR_DIGIT.test(first) || (WORD_CHAR.test(first) && link.getAttribute('href') !== before.getAttribute('href'));
  }

  /**
   * Inside a link, two inline elements side by side are most often two lines of a card or a
   * button that the page's CSS sets apart (a brand and a product name, "Previous post" and the
   * post's title). Where the second plainly starts a new word, a capital and a letter right
   * after a letter ("La Sportiva" "Aragon", "TENAYA" "Indalo"), they are kept apart. Inside one
   * element, with bare text on either side, or outside links, words stay as written: "iPhone",
   * "un<a>Linked</a>", a caption's "Credit" glued to the name after it.
   */
  private wordStarts(data: string): boolean {
    return CAPITALIZED.test(data) && LETTER.test(String.fromCharCode(this.lastCode));
  }

  /** Whether `data`, written next to an inline box's edge, would glue two words together. */
  private wordsTouch(data: string): boolean {
    return (
      !GLUES_BEFORE_BOX.test(String.fromCharCode(this.lastCode)) &&
      !GLUES_AFTER_BOX.test(data[0]!) &&
      !isSpaceCode(data.charCodeAt(0))
    );
  }

  private append(s: string): void {
    this.parts.push(s);
    this.length += s.length;
    this.endsWithSeparator = s === '\n';
    this.endsWithSpace = true; // separators; text sets it from its last character
    this.atBoxEdge = false;
    this.inlineEdges = 0;
    if (this.headingParts) this.headingParts.push(s);
  }

  /** A separator that keeps words apart; `endBlock` also closes the current block. */
  private separate(endBlock: boolean): void {
    if (endBlock) this.closeBlock();
    if (this.length > 0 && !this.endsWithSeparator) this.append('\n');
    if (endBlock) this.blockStart = this.length;
  }

  private closeBlock(): void {
    if (this.blockHasText && this.blockStart < this.length) {
      const block: TextBlock = { start: this.blockStart, end: this.length, section: this.section };
      if (this.heading !== undefined) {
        block.heading = this.heading;
        block.headingStart = this.headingStart;
        block.headingEnd = this.headingEnd;
      }
      if (this.headingLevel > 0) block.headingLevel = this.headingLevel;
      this.blocks.push(block);
    }
    this.blockHasText = false;
  }
}

function isSpaceCode(code: number): boolean {
  if (code <= 0xff) return code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
  return /\s/.test(String.fromCharCode(code));
}

/** Collapses whitespace runs to single spaces and trims. */
export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
