/**
 * One walk over a page's visible text, in reading order, shared by extraction and anchoring so
 * that both see exactly the same characters.
 *
 * The walk concatenates the data of every visible text node (untouched, so an offset in `text`
 * maps back to an offset in a node) and inserts "\n" at block boundaries, `<br>` and table cells,
 * so that no two words are glued together across blocks or cells. Those separators belong to no
 * node. Pure DOM code: no `browser.*` API, so it runs in happy-dom and in a content script.
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

export interface CollectedText {
  text: string;
  segments: TextSegment[];
  blocks: TextBlock[];
}

export interface CollectOptions {
  /**
   * Returns an element's shadow root, open or closed, e.g. `chrome.dom.openOrClosedShadowRoot`
   * (Chrome content scripts) or `(el) => el.openOrClosedShadowRoot` (Firefox). Without it only
   * open shadow roots (`element.shadowRoot`) are read.
   */
  getShadowRoot?: (element: Element) => ShadowRoot | null | undefined;
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

const HEADING = /^h([1-6])$/;
const NON_SPACE = /\S/;

type Style = { display: string; visibility: string };

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
  let blockHasText = false;
  let headingParts: string[] | null = null; // the text of the heading being read
  const segments: TextSegment[] = [];
  const blocks: TextBlock[] = [];
  let blockStart = 0;
  let heading: string | undefined;
  let headingLevel = 0; // > 0 while inside a heading element
  let section = 0;
  const styleCache = new WeakMap<Element, Style | null>();

  const doc: Document | null =
    root.nodeType === 9 ? (root as Document) : (root.ownerDocument as Document | null);
  const view = doc?.defaultView ?? null;

  function styleOf(el: Element): Style | null {
    if (styleCache.has(el)) return styleCache.get(el) ?? null;
    let style: Style | null = null;
    try {
      if (view && typeof view.getComputedStyle === 'function') {
        const cs = view.getComputedStyle(el);
        style = { display: cs.display ?? '', visibility: cs.visibility ?? '' };
      } else {
        // No window (a document from DOMParser in a browser): inline styles are all we can read.
        const inline = (el as HTMLElement).style;
        if (inline) style = { display: inline.display ?? '', visibility: inline.visibility ?? '' };
      }
    } catch {
      style = null;
    }
    styleCache.set(el, style);
    return style;
  }

  function append(s: string): void {
    parts.push(s);
    length += s.length;
    endsWithSeparator = s === '\n';
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

  function visitChildren(parent: Node, parentVisible: boolean, itemsAreBlocks: boolean): void {
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      visit(child, parentVisible, itemsAreBlocks);
    }
  }

  function visit(node: Node, parentVisible: boolean, isFlexItem: boolean): void {
    if (node.nodeType === 3) {
      const data = (node as Text).data;
      if (!parentVisible || data.length === 0) return;
      // Text directly inside a flex or grid container is an item of its own.
      const ownItem = isFlexItem && NON_SPACE.test(data);
      if (ownItem) separate(true);
      segments.push({ node: node as Text, start: length, end: length + data.length });
      append(data);
      if (!blockHasText && NON_SPACE.test(data)) blockHasText = true;
      if (ownItem) separate(true);
      return;
    }
    if (node.nodeType === 11) {
      // A shadow root or fragment passed in as the root.
      visitChildren(node, parentVisible, false);
      return;
    }
    if (node.nodeType !== 1) return;
    visitElement(node as Element, parentVisible, isFlexItem);
  }

  function visitElement(el: Element, parentVisible: boolean, isFlexItem: boolean): void {
    const tag = el.localName.toLowerCase();
    if (SKIP_TAGS.has(tag)) return;
    if (tag === 'br') {
      if (parentVisible) separate(false);
      return;
    }
    const hiddenAttr = el.getAttribute('hidden');
    // hidden="until-found" is found by find-in-page and opened by our highlight, so it is read.
    const untilFound = hiddenAttr !== null && hiddenAttr.toLowerCase() === 'until-found';
    if (hiddenAttr !== null && !untilFound) return;

    const style = styleOf(el);
    const display = style?.display ?? '';
    if (display === 'none' && !untilFound) return;
    // visibility is inherited and a child may set it back to visible, so it hides only text
    // nodes directly inside this element, not the subtree.
    const visible =
      style && style.visibility
        ? style.visibility !== 'hidden' && style.visibility !== 'collapse'
        : parentVisible;

    const isBlock = BLOCK_TAGS.has(tag) || isFlexItem || isBlockDisplay(display);
    // Cells and inline boxes (buttons, badges: inline-block, inline-flex...) sit apart from their
    // neighbours: a space too many is harmless, two words glued together are not.
    const isSeparator =
      !isBlock && (SEPARATOR_TAGS.has(tag) || display === 'table-cell' || display.startsWith('inline-'));
    const level = HEADING.exec(tag);
    const isHeading = level !== null && headingLevel === 0;

    if (isBlock) separate(true);
    else if (isSeparator) separate(false);

    if (isHeading) {
      headingParts = [];
      headingLevel = Number(level[1]);
      section++;
    }

    // Children of a flex or grid container are laid out as boxes of their own.
    const itemsAreBlocks = /\b(flex|grid)\b/.test(display);
    const shadow = shadowRootOf(el);
    if (shadow) {
      visitChildren(shadow, visible, itemsAreBlocks);
    } else if (tag === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes?.() ?? [];
      if (assigned.length > 0) for (const n of assigned) visit(n, visible, itemsAreBlocks);
      else visitChildren(el, visible, itemsAreBlocks);
    } else {
      visitChildren(el, visible, itemsAreBlocks);
    }

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
    else if (isSeparator) separate(false);
  }

  function shadowRootOf(el: Element): ShadowRoot | null {
    let shadow: ShadowRoot | null | undefined = null;
    if (options.getShadowRoot) {
      try {
        shadow = options.getShadowRoot(el);
      } catch {
        shadow = null;
      }
    }
    return shadow ?? el.shadowRoot ?? null;
  }

  if (root.nodeType === 9) {
    const docEl = (root as Document).documentElement;
    if (docEl) visit(docEl, true, false);
  } else {
    visit(root, true, false);
  }
  closeBlock();
  return { text: parts.join(''), segments, blocks };
}

function isBlockDisplay(display: string): boolean {
  if (!display || display === 'contents' || display === 'none') return false;
  if (display.startsWith('inline') || display.startsWith('ruby')) return false;
  if (display === 'table-cell' || display === 'table-column' || display === 'table-column-group') {
    return false;
  }
  return true; // block, flex, grid, list-item, table, table-row, flow-root, ...
}

/** Collapses whitespace runs to single spaces and trims. */
export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
