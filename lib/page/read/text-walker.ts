/**
 * The text walk's traversal: visits a page in reading order through the flat tree (a shadow
 * tree, open or closed, in place of its host's children; a slot showing the nodes assigned to
 * it), asks the visibility rules about each element, hands what shows to the text sink, and
 * stops when the read budget says so. The rules, the sink and the budget are units of their own;
 * this is only the order in which they are asked. Pure DOM code.
 */
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import type { ReadBudget } from './read-budget';
import { boxKind, hasWords, type TextWriter } from './text-sink';
import type { Visibility } from '@/lib/page/seen/visibility';
import { NEVER_TEXT } from '@/lib/page/seen/never-text';
import { textShows, type StyleRef } from '@/lib/page/seen/walk-rows';

/**
 * Returns an element's shadow root, open or closed, e.g. `chrome.dom.openOrClosedShadowRoot`
 * (Chrome content scripts) or `(el) => el.openOrClosedShadowRoot` (Firefox).
 */
export type ShadowRootGetter = (element: Element) => ShadowRoot | null | undefined;

/** Built-in elements that can hold a shadow root (custom elements can too). */
const SHADOW_HOSTS = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** Whether the text of one parent shows: not asked yet, or the answer (unseen: read, and marked so). */
const UNASKED = 0;
const SHOWN = 1;
const NOT_SHOWN = 2;
const UNSEEN = 3;
type TextShown = typeof UNASKED | typeof SHOWN | typeof NOT_SHOWN | typeof UNSEEN;

export class TextWalker {
  private readonly sink: TextWriter;
  private readonly visibility: Visibility;
  private readonly budget: ReadBudget;
  private readonly getShadowRoot: ShadowRootGetter | undefined;
  private readonly only: ReadonlySet<Node> | null;

  /**
   * Without `getShadowRoot` only open shadow roots (`element.shadowRoot`) are read. With `only`,
   * the walk visits no node outside it (the words of a few passages and the elements above them).
   */
  constructor(
    sink: TextWriter,
    visibility: Visibility,
    budget: ReadBudget,
    getShadowRoot?: ShadowRootGetter,
    only: ReadonlySet<Node> | null = null,
  ) {
    this.sink = sink;
    this.visibility = visibility;
    this.budget = budget;
    this.getShadowRoot = getShadowRoot;
    this.only = only;
  }

  /** Walks `root`: a document, an element (itself included) or a shadow root or fragment. */
  walk(root: Document | Element | DocumentFragment): void {
    const type = nodeOf.type(root);
    if (type === 9) {
      const docEl = docOf.root(root as Document);
      if (docEl) this.element(docEl, null, false);
    } else if (type === 1) {
      this.element(root as Element, null, false);
    } else {
      this.children(root, (root as ShadowRoot).host ?? null, null, false);
    }
  }

  /**
   * The children of `parent` (an element, shadow root or slot), with the style of `owner`, the
   * element their bare text is drawn in (`parent`, or a shadow root's host; null: the nearest box's).
   */
  private children(parent: Node, owner: Element | null, style: StyleRef, itemsAreBlocks: boolean): void {
    let shown: TextShown = UNASKED;
    const only = this.only;
    for (let child = nodeOf.first(parent); child; child = nodeOf.next(child)) {
      if (only !== null && !only.has(child)) continue;
      if (!this.budget.allows(child, this.sink.length)) return;
      shown = this.node(child, owner, style, itemsAreBlocks, shown);
    }
  }

  /** Nodes assigned to a slot are shown there, with the slot's style for bare text. */
  private assigned(nodes: Node[], slot: Element | null, slotStyle: StyleRef, itemsAreBlocks: boolean): void {
    let shown: TextShown = UNASKED;
    const only = this.only;
    for (const n of nodes) {
      if (only !== null && !only.has(n)) continue;
      if (!this.budget.allows(n, this.sink.length)) return;
      shown = this.node(n, slot, slotStyle, itemsAreBlocks, shown);
    }
  }

  /**
   * One child of a parent with `style`. `shown` is whether the parent's text shows, as far as
   * asked; the answer, asked at most once per parent, is returned for the next child.
   */
  private node(n: Node, owner: Element | null, style: StyleRef, itemsAreBlocks: boolean, shown: TextShown): TextShown {
    const type = nodeOf.type(n);
    if (type === 1) {
      this.element(n as Element, style, itemsAreBlocks);
    } else if (type === 3) {
      let data = (n as Text).data;
      if (data.length === 0) return shown;
      const words = hasWords(data);
      // Visibility is inherited and a child may set it back: only the style of the text's own
      // parent says whether its words show. Bare white space is read whatever it says: a hidden
      // box keeps its room, so its spaces still keep the words around it apart.
      if (words) {
        const visibility = this.visibility;
        if (shown === UNASKED) {
          const verdict = visibility.textVerdict(owner, style);
          shown = verdict === 'seen' ? SHOWN : verdict === 'unseen' ? UNSEEN : NOT_SHOWN;
        }
        if (shown === NOT_SHOWN) return shown;
        // Where every test is asked, each text node's own glyphs are measured too (cheap to skip).
        // Words no reader sees are left out, or, where they are marked, read and marked.
        if (shown === UNSEEN || (visibility.paint && !visibility.wordsShow(n as Text))) {
          if (visibility.unseen === null) return shown;
          visibility.unseen.add(n as Text);
        }
      }
      if (this.sink.cutsText) data = this.budget.fit(n as Text, data, this.sink.length);
      this.sink.text(n as Text, data, words, itemsAreBlocks);
    }
    return shown;
  }

  private element(el: Element, parentStyle: StyleRef, isItem: boolean): void {
    const tag = elementOf.name(el);
    if (NEVER_TEXT.has(tag)) return;
    const sink = this.sink;
    if (tag === 'br') {
      if (textShows(parentStyle)) sink.lineBreak();
      return;
    }
    const visibility = this.visibility;
    if (!visibility.shows(el, parentStyle)) return;
    const display = visibility.display;
    const style = visibility.style;
    const shadow = this.shadowRootOf(el, tag);
    if (shadow !== null || nodeOf.first(el) !== null) {
      if (visibility.clipsAway(el, isItem)) return;
    } else {
      visibility.noteEmptyBox(el, isItem);
    }

    const kind = boxKind(tag, display, isItem);
    sink.enter(kind);
    const level = HEADING_LEVEL[tag];
    const heading = level !== undefined && sink.openHeading(level);
    const outerLink = sink.link;
    if (tag === 'a') sink.link = el;
    // Children of a flex or grid container are laid out as boxes of their own.
    const itemsAreBlocks = display.endsWith('flex') || display.endsWith('grid');
    // The words of an element are asked about once (`textShows`), whether it is a box or an
    // inline element (a link, a bold word) that could hide them as well. A `display: contents`
    // element has no box of its own: its words are drawn in its parent's.
    const box = display !== 'inline' && display !== 'contents';
    const owner = display === 'contents' ? null : el;
    // (An inline element that paints its own background is a box to the tests of colour.)
    let entered = box;
    if (box) visibility.enterBox(el, style);
    else if (display === 'inline' && visibility.paint) entered = visibility.enterInline(el, style);
    if (shadow) {
      this.children(shadow, owner, style, itemsAreBlocks);
    } else if (tag === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes?.() ?? [];
      if (assigned.length > 0) this.assigned(assigned, null, style, itemsAreBlocks);
      else this.children(el, null, style, itemsAreBlocks);
    } else if (nodeOf.first(el)) {
      this.children(el, owner, style, itemsAreBlocks);
    }
    if (entered) visibility.leaveBox(el);
    sink.link = outerLink;
    if (this.budget.stopped) return;
    if (heading) sink.closeHeading();
    else sink.leave(kind);
  }

  private shadowRootOf(el: Element, tag: string): ShadowRoot | null {
    const open = elementOf.shadowRoot(el);
    if (open || !this.getShadowRoot) return open ?? null;
    // Asking the extension costs more than the element's style (about 2 µs in Chrome), so it is
    // asked of custom elements, where closed shadow roots live, and of built-in hosts with no
    // children of their own (a host's children show only when slotted; an empty <div> that shows
    // text has it in a shadow root).
    if (!tag.includes('-') && !(SHADOW_HOSTS.has(tag) && nodeOf.first(el) === null)) return null;
    try {
      return this.getShadowRoot(el) ?? null;
    } catch {
      return null;
    }
  }
}
