/**
 * One walk over a page's visible text, in reading order, shared by extraction and anchoring so
 * that both see exactly the same characters.
 *
 * The walk concatenates the data of every visible text node (untouched, so an offset in `text`
 * maps back to an offset in a node) and inserts "\n" at block boundaries, `<br>` and table cells,
 * so that no two words are glued together across blocks or cells. Those separators belong to no
 * node. Pure DOM code: no `browser.*` API, so it runs in happy-dom and in a content script.
 *
 * What a reader cannot see is left out: script, style, template and the like; subtrees that are
 * `display: none` or `[hidden]`; text whose own style is `visibility: hidden`; boxes of (almost)
 * no size that clip their content away (the "visually hidden" pattern of screen-reader-only
 * text). What a reader can open is kept: closed `<details>` and `hidden="until-found"`, which
 * the highlight opens.
 *
 * It is also the part of extraction that touches every element, so it is written for speed: the
 * computed style is asked once per element, and only for what decides (display; visibility only
 * for elements that hold text themselves; position only for boxes that are not inline).
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
  /** Set when the block is (part of) a heading itself: its level, 1–6. */
  headingLevel?: number;
  /**
   * Headings started before the block: blocks of one section, and the heading that opens it,
   * share this number.
   */
  section: number;
}

/** Why the walk stopped before the end of the page. */
export interface Truncation {
  reason: 'size' | 'time';
  /**
   * About how much of the page's text was read, 0–1: the text walked over, against that plus
   * the `textContent` of everything after the place where the walk stopped.
   */
  share: number;
}

export interface CollectedText {
  text: string;
  /** Empty when `CollectOptions.segments` is false. */
  segments: TextSegment[];
  blocks: TextBlock[];
  /** Set when a budget stopped the walk; the text is then the page's beginning. */
  truncated?: Truncation;
}

export interface CollectOptions {
  /**
   * Returns an element's shadow root, open or closed, e.g. `chrome.dom.openOrClosedShadowRoot`
   * (Chrome content scripts) or `(el) => el.openOrClosedShadowRoot` (Firefox). Without it only
   * open shadow roots (`element.shadowRoot`) are read.
   */
  getShadowRoot?: (element: Element) => ShadowRoot | null | undefined;
  /** Keep the text node of every segment (anchoring needs them; extraction does not). Default true. */
  segments?: boolean;
  /** Stop once this many characters have been read (a huge page). Default: no limit. */
  maxTextChars?: number;
  /** Stop once this many milliseconds have passed since the walk began. Default: no limit. */
  timeBudgetMs?: number;
  /** The clock for `timeBudgetMs` (tests pass their own). */
  now?: () => number;
}

/** Elements whose content is never visible page text. */
const SKIP_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base',
  'svg', 'canvas', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'video', 'audio', 'picture', 'img', 'input', 'textarea', 'select', 'option', 'optgroup',
  'datalist', 'param', 'source', 'track', 'map', 'area',
]);

/** Elements that start and end a block, whatever their computed display says. */
const BLOCK_TAGS = new Set([
  'html', 'body', 'address', 'article', 'aside', 'blockquote', 'center', 'dd', 'details',
  'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'legend', 'li', 'listing',
  'main', 'menu', 'nav', 'ol', 'p', 'plaintext', 'pre', 'search', 'section', 'summary', 'table',
  'caption', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'xmp', 'colgroup',
]);

/** Elements that separate their text from their neighbours' without ending the block. */
const SEPARATOR_TAGS = new Set(['td', 'th']);

/** Built-in elements that can hold a shadow root (custom elements can too). */
const SHADOW_HOSTS = new Set([
  'article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'main', 'nav', 'p', 'section', 'span',
]);

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const NON_SPACE = /\S/;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const UPPER_OR_DIGIT = /[\p{Lu}\p{Lt}\p{N}]/u;
/**
 * Around an inline box (inline-block, inline-flex...), characters that the box's text is written
 * against: after an opening bracket, quote, dash or slash, before a closing one or punctuation.
 * "<code>if</code>-blocks" and "(<code>c/o</code>)." stay as written; words are kept apart.
 */
const GLUES_BEFORE_BOX = /[([{'"\u2018\u201c\u00ab/\-\u2010-\u2014@#$\u00a3\u20ac\u00a5]/u;
const GLUES_AFTER_BOX = /[)\]}'"\u2019\u201d\u00bb/\-\u2010-\u2014.,;:!?%\u2026]/u;

/** How many nodes are visited between two looks at the clock. */
const CLOCK_EVERY = 256;

/**
 * What the walk knows of an element's style: its computed style (read lazily, only what is
 * needed), or, in a document without a window, whether its text is visible by its inline style
 * (inherited); null when nothing is known.
 */
type StyleRef = CSSStyleDeclaration | boolean | null;

/**
 * Walks the visible text of `root` (a document, element, or shadow root) in reading order (the
 * flat tree: shadow trees replace their host's children, slots show their assigned nodes).
 */
export function collectText(
  root: Document | Element | DocumentFragment,
  options: CollectOptions = {},
): CollectedText {
  // Pieces joined once at the end: reading back a string built with += (to test its last
  // character, say) flattens it each time, which is quadratic on a big page.
  const parts: string[] = [];
  let length = 0;
  let endsWithSeparator = false;
  let endsWithSpace = true;
  /** An inline box began or ended since the last text: keep the next word apart if it touches one. */
  let boxEdge = false;
  let lastChar = ''; // of the last text read
  let link: Element | null = null; // the <a> being read
  let textLink: Element | null = null; // the <a> the last words read came from
  let blockHasText = false;
  let headingParts: string[] | null = null; // the text of the heading being read
  const keepSegments = options.segments !== false;
  const segments: TextSegment[] = [];
  const blocks: TextBlock[] = [];
  let blockStart = 0;
  let heading: string | undefined;
  let headingLevel = 0; // > 0 while inside a heading element
  let section = 0;

  const maxChars = options.maxTextChars ?? Infinity;
  const now = options.now ?? (() => performance.now());
  const deadline = options.timeBudgetMs !== undefined ? now() + options.timeBudgetMs : Infinity;
  let untilClock = CLOCK_EVERY;
  let stoppedAt: Node | null = null;
  let truncated: Truncation | undefined;
  const getShadowRoot = options.getShadowRoot;

  const doc: Document | null =
    root.nodeType === 9 ? (root as Document) : (root.ownerDocument as Document | null);
  const view = doc?.defaultView ?? null;
  const computed = view && typeof view.getComputedStyle === 'function' ? view : null;
  // Sizes mean something only where there is layout (not in happy-dom, not in a DOMParser document).
  const hasLayout = computed !== null && (doc?.documentElement?.clientWidth ?? 0) > 0;

  function append(s: string): void {
    parts.push(s);
    length += s.length;
    endsWithSeparator = s === '\n';
    endsWithSpace = true; // separators; text sets it from its last character
    boxEdge = false;
    if (headingParts) headingParts.push(s);
  }

  function closeBlock(): void {
    if (blockHasText && blockStart < length) {
      const block: TextBlock = { start: blockStart, end: length, section };
      if (heading !== undefined) block.heading = heading;
      if (headingLevel > 0) block.headingLevel = headingLevel;
      blocks.push(block);
    }
    blockHasText = false;
  }

  /** A separator that keeps words apart; `endBlock` also closes the current block. */
  function separate(endBlock: boolean): void {
    if (endBlock) closeBlock();
    if (length > 0 && !endsWithSeparator) append('\n');
    if (endBlock) blockStart = length;
  }

  /** False once a budget has run out; `node` is where the walk stops. */
  function withinBudget(node: Node): boolean {
    if (stoppedAt) return false;
    if (length >= maxChars) {
      stop(node, 'size');
      return false;
    }
    if (--untilClock <= 0) {
      untilClock = CLOCK_EVERY;
      if (now() > deadline) {
        stop(node, 'time');
        return false;
      }
    }
    return true;
  }

  function stop(node: Node, reason: Truncation['reason']): void {
    stoppedAt = node;
    const rest = textAfter(node, root);
    truncated = { reason, share: length + rest > 0 ? length / (length + rest) : 1 };
  }

  /** The children of `parent` (an element, shadow root or slot), with `parent`'s style. */
  function visitChildren(parent: Node, style: StyleRef, itemsAreBlocks: boolean): void {
    let visible: boolean | undefined;
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (!withinBudget(child)) return;
      if (child.nodeType === 3) {
        const data = (child as Text).data;
        if (data.length === 0) continue;
        // Visibility is inherited and a child may set it back: only the style of the text's own
        // parent says whether the text shows, and it is asked once per parent.
        visible ??= textVisible(style);
        if (visible) visitText(child as Text, data, itemsAreBlocks);
      } else if (child.nodeType === 1) {
        visitElement(child as Element, style, itemsAreBlocks);
      }
    }
  }

  function visitText(node: Text, data: string, isFlexItem: boolean): void {
    if (link !== textLink && NON_SPACE.test(data)) {
      // Two links side by side are two things a reader clicks, kept apart on screen by the
      // page's CSS (a margin, generated content) even with no space between them. When the
      // second plainly starts a new word ("Horror" "Zombies", "Home" "About", "1" "2"), they are
      // kept apart here too. "[12][13]" stays as shown, and so does a word cut into links
      // ("D" "ata").
      // Links to two different places are two things even when the second starts in lower case
      // ("Team-Based" "eSports").
      if (
        link && textLink && !endsWithSpace && WORD_CHAR.test(lastChar) &&
        (UPPER_OR_DIGIT.test(data[0]!) ||
          (WORD_CHAR.test(data[0]!) && link.getAttribute('href') !== textLink.getAttribute('href')))
      ) {
        separate(false);
      }
      textLink = link;
    }
    if (!keepSegments && length + data.length > maxChars) {
      // One huge text node (a log in a <pre>, say): its beginning is read, then the walk stops.
      const total = length + textAfter(node, root);
      data = data.slice(0, Math.max(0, maxChars - length));
      stoppedAt = node;
      truncated = { reason: 'size', share: total > 0 ? (length + data.length) / total : 1 };
    }
    if (boxEdge && !endsWithSpace && !GLUES_BEFORE_BOX.test(lastChar) && !GLUES_AFTER_BOX.test(data[0]!) && !isSpaceCode(data.charCodeAt(0))) {
      separate(false);
    }
    // Text directly inside a flex or grid container is an item of its own.
    const ownItem = isFlexItem && NON_SPACE.test(data);
    if (ownItem) separate(true);
    if (keepSegments) segments.push({ node, start: length, end: length + data.length });
    append(data);
    lastChar = data[data.length - 1]!;
    endsWithSpace = isSpaceCode(lastChar.charCodeAt(0));
    if (!blockHasText && (ownItem || NON_SPACE.test(data))) blockHasText = true;
    if (ownItem) separate(true);
  }

  function textVisible(style: StyleRef): boolean {
    if (style === null) return true;
    if (typeof style === 'boolean') return style;
    const v = style.visibility;
    return v !== 'hidden' && v !== 'collapse';
  }

  function visitElement(el: Element, parentStyle: StyleRef, isFlexItem: boolean): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    if (tag === 'br') {
      if (textVisible(parentStyle)) separate(false);
      return;
    }
    // hidden="until-found" is found by find-in-page and opened by our highlight, so it is read.
    // With a browser's styles, [hidden] is display: none and until-found is not, so the computed
    // display says it all; elsewhere the attribute is read.
    let untilFound = false;
    if (!hasLayout && el.hasAttribute('hidden')) {
      untilFound = el.getAttribute('hidden')!.toLowerCase() === 'until-found';
      if (!untilFound) return;
    }

    let display = '';
    let style: StyleRef = null;
    try {
      if (computed) {
        const cs = computed.getComputedStyle(el);
        display = cs.display;
        style = cs;
      } else {
        // No window (a document from DOMParser in a browser): inline styles are all we can read.
        const inline = (el as HTMLElement).style;
        display = inline?.display ?? '';
        const v = inline?.visibility ?? '';
        style = v ? v !== 'hidden' && v !== 'collapse' : typeof parentStyle === 'boolean' ? parentStyle : true;
      }
    } catch {
      // An element the style system does not know (a foreign namespace): read as inline text.
    }
    if (display === 'none' && !untilFound) return;
    if (hasLayout && display !== 'inline' && display !== 'contents' && typeof style === 'object' && style && clippedAway(el, style)) {
      return;
    }

    const isBlock = BLOCK_TAGS.has(tag) || isFlexItem || isBlockDisplay(display);
    // Cells sit apart from their neighbours. So do inline boxes (buttons, badges: inline-block,
    // inline-flex...), but only where a word would touch a word: "Entry 12 EUR today", yet
    // "<code>if</code>-blocks" as written.
    const isCell = !isBlock && (SEPARATOR_TAGS.has(tag) || display === 'table-cell');
    const isBox = !isBlock && !isCell && display.startsWith('inline-');
    const level = HEADING_LEVEL[tag];
    const isHeading = level !== undefined && headingLevel === 0;

    if (isBlock) separate(true);
    else if (isCell) separate(false);
    else if (isBox) boxEdge = true;

    if (isHeading) {
      headingParts = [];
      headingLevel = level;
      section++;
    }

    const outerLink = link;
    if (tag === 'a') link = el;
    // Children of a flex or grid container are laid out as boxes of their own.
    const itemsAreBlocks = display.endsWith('flex') || display.endsWith('grid');
    const shadow = shadowRootOf(el, tag);
    if (shadow) {
      visitChildren(shadow, style, itemsAreBlocks);
    } else if (tag === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes?.() ?? [];
      if (assigned.length > 0) visitAssigned(assigned, style, itemsAreBlocks);
      else visitChildren(el, style, itemsAreBlocks);
    } else if (el.firstChild) {
      visitChildren(el, style, itemsAreBlocks);
    }
    link = outerLink;
    if (stoppedAt) return;

    if (isHeading) {
      // The heading's own blocks carry the heading above it; what follows carries this one.
      if (isBlock) separate(true);
      const headingText = collapse((headingParts ?? []).join(''));
      headingParts = null;
      headingLevel = 0;
      if (headingText) heading = headingText;
      blockStart = length;
      return;
    }
    if (isBlock) separate(true);
    else if (isCell) separate(false);
    else if (isBox) boxEdge = true;
  }

  /** Nodes slotted into a slot are shown there, with the slot's style for bare text. */
  function visitAssigned(nodes: Node[], slotStyle: StyleRef, itemsAreBlocks: boolean): void {
    let visible: boolean | undefined;
    for (const n of nodes) {
      if (!withinBudget(n)) return;
      if (n.nodeType === 3) {
        const data = (n as Text).data;
        if (data.length === 0) continue;
        visible ??= textVisible(slotStyle);
        if (visible) visitText(n as Text, data, itemsAreBlocks);
      } else if (n.nodeType === 1) {
        visitElement(n as Element, slotStyle, itemsAreBlocks);
      }
    }
  }

  function shadowRootOf(el: Element, tag: string): ShadowRoot | null {
    const open = el.shadowRoot;
    if (open || !getShadowRoot) return open ?? null;
    // Asking the extension costs more than the element's style (about 2 µs in Chrome), so it is
    // asked of custom elements, where closed shadow roots live, and of built-in hosts with no
    // children of their own (a host's children show only when slotted; an empty <div> that shows
    // text has it in a shadow root).
    if (!tag.includes('-') && !(SHADOW_HOSTS.has(tag) && el.firstChild === null)) return null;
    try {
      return getShadowRoot(el) ?? null;
    } catch {
      return null;
    }
  }

  if (root.nodeType === 9) {
    const docEl = (root as Document).documentElement;
    if (docEl) visitElement(docEl, null, false);
  } else if (root.nodeType === 1) {
    visitElement(root as Element, null, false);
  } else {
    // A shadow root or fragment passed in as the root.
    visitChildren(root, null, false);
  }
  closeBlock();
  const out: CollectedText = { text: parts.join(''), segments, blocks };
  if (truncated) out.truncated = truncated;
  return out;
}

/**
 * True for a box of (almost) no size that hides what overflows it: the "visually hidden" text
 * for screen readers (1×1 pixel, overflow hidden), collapsed panels (height 0, overflow hidden).
 * The clipping box is the padding box, so `clientWidth`/`clientHeight` are what count.
 * Absolutely positioned boxes are blockified, so an inline box is never one: callers skip those,
 * which are most elements.
 */
function clippedAway(el: Element, cs: CSSStyleDeclaration): boolean {
  // When one axis clips, the other computes to auto at least: overflow-x says whether any does.
  // It is the cheapest thing to ask, and almost every box answers "visible".
  if (cs.overflowX === 'visible') return false;
  const box = el as HTMLElement;
  return box.clientWidth <= 1 || (box.clientHeight <= 1 && cs.overflowY !== 'visible');
}

function isBlockDisplay(display: string): boolean {
  if (!display || display === 'inline' || display === 'contents' || display === 'none') return false;
  if (display.startsWith('inline') || display.startsWith('ruby')) return false;
  if (display === 'table-cell' || display === 'table-column' || display === 'table-column-group') {
    return false;
  }
  return true; // block, flex, grid, list-item, table, table-row, flow-root, ...
}

/**
 * The length of the text that comes after `node` (itself included) in `root`: the
 * `textContent` of it, of its following siblings, and of its ancestors' following siblings.
 */
function textAfter(node: Node, root: Node): number {
  let total = 0;
  for (let s: Node | null = node; s; s = s.nextSibling) total += s.textContent?.length ?? 0;
  for (let n = flatParent(node); n && n !== root; n = flatParent(n)) {
    for (let s = n.nextSibling; s; s = s.nextSibling) total += s.textContent?.length ?? 0;
  }
  return total;
}

function flatParent(n: Node): Node | null {
  const parent = n.parentNode;
  return parent && parent.nodeType === 11 ? ((parent as ShadowRoot).host ?? null) : parent;
}

function isSpaceCode(code: number): boolean {
  if (code <= 0xff) return code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
  return /\s/.test(String.fromCharCode(code));
}

/** Collapses whitespace runs to single spaces and trims. */
export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
