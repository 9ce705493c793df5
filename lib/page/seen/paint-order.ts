/**
 * Which of two boxes the browser paints over the other, by CSS's painting order (CSS 2.1
 * Appendix E, with the stacking contexts of today's CSS), from computed values: what the hit test
 * answers where words are in view (lib/page/seen/cover.ts), worked out where nothing can be hit without
 * scrolling the page. Boxes are painted stacking context by stacking context: inside the deepest
 * one the two share, each side takes part through its outermost stacking context below it (painted
 * whole), else through its innermost positioned box (which paints its own words), else as words in
 * the flow; then negative z-indices first, the flow, positioned boxes and z-index 0 in tree
 * order, positive z-indices last. A box an element generates (`::before`, `::after`) takes part
 * as its first or last positioned child. Anything this cannot settle (two boxes both in the top
 * layer, a slot shown through another slot) is answered null; the table of rules
 * (lib/shared/seen/seen.ts, `paintedOver`) judges the answer for its callers (`wordsOver`): a box
 * painted over the words, or in an order not told, covers them (lib/page/seen/covered-boxes.ts) and
 * sets nothing apart (lib/page/seen/behind.ts): unknown is not seen. Pure DOM code.
 */
import { elementOf, nodeOf } from '@/lib/page/dom/dom';
import { asker } from '@/lib/shared/seen/seen';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { PICTURE_TAGS } from './paint';

const askOrder = asker(['paintedOver']);

/**
 * Whether the table's rows let words show with a box that holds all of theirs, given `above`
 * (`PaintOrder.above`, `generatedAbove`): only when the box is painted under them.
 */
export function wordsOver(above: boolean | null): boolean {
  return askOrder({ paintedOver: above }).seen === 'seen';
}

/** A participant's place in its stacking context: its layer, then its z-index, then its place in the tree. */
interface Place {
  layer: number;
  z: number;
  at: Element | Generated | null;
}

/** A box an element generates (`::before`, `::after`), in the path of boxes that lead to it. */
interface Generated {
  which: '::before' | '::after';
  box: PaintTraits;
}

/** Negative z-index, the flow (blocks, floats, words), z-index auto or 0, positive z-index. */
const NEGATIVE = 1;
const FLOW = 2;
const ZERO = 3;
const POSITIVE = 4;

/** What makes a box a stacking context besides its position and z-index: each property, and which of its computed values do. */
const GROUPING: ReadonlyArray<[string, (v: string) => boolean]> = [
  ['opacity', (v) => v !== '1' && v !== ''],
  ['mix-blend-mode', (v) => v !== 'normal' && v !== ''],
  ['transform', (v) => v !== 'none' && v !== ''],
  ['scale', (v) => v !== 'none' && v !== ''],
  ['rotate', (v) => v !== 'none' && v !== ''],
  ['translate', (v) => v !== 'none' && v !== ''],
  ['perspective', (v) => v !== 'none' && v !== ''],
  ['filter', (v) => v !== 'none' && v !== ''],
  ['backdrop-filter', (v) => v !== 'none' && v !== ''],
  ['clip-path', (v) => v !== 'none' && v !== ''],
  ['mask-image', (v) => v !== 'none' && v !== ''],
  ['-webkit-mask-image', (v) => v !== 'none' && v !== ''],
  ['isolation', (v) => v === 'isolate'],
  ['contain', (v) => /layout|paint|strict|content/.test(v)],
  ['container-type', (v) => v !== 'normal' && v !== ''],
  ['content-visibility', (v) => v === 'auto' || v === 'hidden'],
  ['view-transition-name', (v) => v !== 'none' && v !== ''],
  [
    'will-change',
    (v) =>
      /opacity|transform|scale|rotate|translate|perspective|filter|clip-path|mask|isolation|mix-blend-mode|z-index|position|contain/.test(
        v,
      ),
  ],
];

/** What paint order reads of one element, read once per question. */
interface PaintTraits {
  positioned: boolean;
  /** Its z-index where one applies (a positioned box, a flex or grid item); null for auto or none. */
  z: number | null;
  context: boolean;
  /** A flex or grid item (`isItem`). */
  item: boolean;
}

export class PaintOrder {
  private readonly known = new Map<Element, PaintTraits>();

  constructor(private readonly view: Window) {}

  /**
   * Whether `cover` is painted over the words of `owner` (their parent element): true, false, or
   * null when it cannot be told. Neither may hold the other.
   */
  above(cover: Element, owner: Element): boolean | null {
    if (nodeOf.contains(cover, owner) || nodeOf.contains(owner, cover)) return null;
    // The top layer is painted over all else; two boxes in it are not ordered here.
    const coverTop = topLayer(cover);
    const ownerTop = topLayer(owner);
    if (coverTop || ownerTop) return coverTop === ownerTop ? null : coverTop;
    return this.compare(up(cover), up(owner));
  }

  /**
   * Whether the `::before` or `::after` of `host`, placed over the page (`position: absolute`) with
   * z-index `z` (null: auto), is painted over the words of `owner`, `host` or an element it holds:
   * it takes part as a positioned box that is the first (`::before`) or last (`::after`) of `host`'s
   * children.
   */
  generatedAbove(host: Element, which: '::before' | '::after', z: number | null, owner: Element): boolean | null {
    if (topLayer(owner) && !topLayer(host)) return false;
    const generated: Generated = { which, box: { positioned: true, z, context: z !== null, item: false } };
    return this.compare([...up(host), generated], up(owner));
  }

  private compare(c: Array<Element | Generated>, w: Element[]): boolean | null {
    if (c[0] !== w[0]) return null;
    let shared = 0;
    while (shared < c.length && shared < w.length && c[shared] === w[shared]) shared++;
    // One holds the other in the flat tree (a slot that shows it): no order between them.
    if (shared === c.length || shared === w.length) return null;
    // The deepest stacking context the two share (the root is one).
    let context = 0;
    for (let i = 1; i < shared; i++) if (this.box(c[i]!).context) context = i;
    const a = this.place(c.slice(context + 1));
    const b = this.place(w.slice(context + 1));
    if (a.layer !== b.layer) return a.layer > b.layer;
    if (a.z !== b.z) return a.z > b.z;
    // Both in the flow of the stacking context, or both in that of one positioned box around them
    // (painted as a whole, its own flow inside it): the flow's order tells.
    if (a.at === null && b.at === null) return this.inFlow(c, w, context, shared);
    if (a.at === b.at && a.at !== null && !isGenerated(a.at)) return this.inFlow(c, w, c.indexOf(a.at), shared);
    if (a.at === null || b.at === null || a.at === b.at) return null;
    // Then tree order, in the flat tree (a shadow root's slots place what they show). The owner's
    // side may take part through a positioned box around both, painted before all it holds.
    if (w.indexOf(b.at as Element) < shared) return true;
    return after(c[shared]!, w[shared]!);
  }

  /**
   * Both painted in the flow of the box at `c[context]` (a stacking context, or a positioned box
   * around both; neither positioned nor a stacking context below it): every block's background first, then the words, inline blocks,
   * pictures and flex or grid items, each painted whole, in tree order. The cover is painted over
   * the words when it lies in such a box painted whole after theirs; a plain block's background
   * is painted under every word. A float on the way (painted between the two), a box made one by
   * its parent's `order`, or a generated box: not told here.
   */
  private inFlow(c: Array<Element | Generated>, w: Element[], context: number, shared: number): boolean | null {
    for (const e of [...c.slice(context + 1), ...w.slice(context + 1)]) {
      if (isGenerated(e) || this.view.getComputedStyle(e).float !== 'none') return null;
    }
    if (!c.slice(shared).some((e) => this.wholeBox(e as Element))) return false;
    const x = c[shared] as Element;
    const y = w[shared]!;
    if (this.reordered(x) || this.reordered(y)) return null;
    return after(x, y);
  }

  /** Whether `el` is painted whole, in its place among the words: an inline block, a picture, a flex or grid item. */
  private wholeBox(el: Element): boolean {
    if (PICTURE_TAGS.has(elementOf.name(el))) return true;
    return this.box(el).item || this.view.getComputedStyle(el).display.startsWith('inline-');
  }

  /** Whether `el` is a flex or grid item moved out of tree order by `order`. */
  private reordered(el: Element): boolean {
    if (!this.box(el).item) return false;
    const order = this.view.getComputedStyle(el).order;
    return order !== '0' && order !== '';
  }

  /** Where the last of `path` (what lies below the shared stacking context) takes part in it. */
  private place(path: Array<Element | Generated>): Place {
    for (const e of path) {
      const box = this.box(e);
      if (box.context) return this.of(e, box);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      const box = this.box(path[i]!);
      if (box.positioned) return this.of(path[i]!, box);
    }
    return { layer: FLOW, z: 0, at: null };
  }

  private of(el: Element | Generated, box: PaintTraits): Place {
    const z = box.z ?? 0;
    return { layer: z < 0 ? NEGATIVE : z > 0 ? POSITIVE : ZERO, z, at: el };
  }

  private box(el: Element | Generated): PaintTraits {
    if (isGenerated(el)) return el.box;
    let box = this.known.get(el);
    if (box !== undefined) return box;
    const cs = this.view.getComputedStyle(el);
    const position = cs.position;
    const positioned = position !== 'static' && position !== '';
    const parent = flatParentElement(el);
    const item = isItem(el, this.view);
    const zValue = parseInt(cs.zIndex, 10);
    const z = (positioned || item) && Number.isFinite(zValue) ? zValue : null;
    const context = parent === null || position === 'fixed' || position === 'sticky' || z !== null || groups(cs);
    box = { positioned, z, context, item };
    this.known.set(el, box);
    return box;
  }
}

/** Whether `el` is a flex or grid item: its parent in the flat tree lays it out as a box painted whole, in turn. */
export function isItem(el: Element, view: Window): boolean {
  const parent = flatParentElement(el);
  return parent !== null && /flex|grid/.test(view.getComputedStyle(parent).display);
}

/** Whether computed style `cs` makes its box a stacking context by anything but its position and z-index. */
export function groups(cs: CSSStyleDeclaration): boolean {
  return GROUPING.some(([name, sets]) => sets(cs.getPropertyValue(name)));
}

/** Whether `x` is a generated box (not a node: the isolated world's `instanceof` is not asked). */
function isGenerated(x: Element | Generated): x is Generated {
  return !('nodeType' in x);
}

/** `el` and the elements it lies in, in the flat tree, the root first. */
function up(el: Element): Element[] {
  const out: Element[] = [];
  for (let e: Element | null = el; e !== null; e = flatParentElement(e)) out.unshift(e);
  return out;
}

/**
 * Whether `x` comes after `y`, two children of one element in the flat tree: children of one node,
 * or nodes one slot shows (in the order it shows them), or a box the element generates before
 * (`::before`) or after (`::after`) all of them; null when none of these.
 */
function after(x: Element | Generated, y: Element): boolean | null {
  if (isGenerated(x)) return x.which === '::after';
  const parent = nodeOf.parent(x);
  if (parent !== null && parent === nodeOf.parent(y) && nodeOf.slot(x) === null && nodeOf.slot(y) === null)
    return (nodeOf.position(x, y) & 2) /* DOCUMENT_POSITION_PRECEDING */ !== 0;
  const slot = nodeOf.slot(x);
  if (slot === null || slot !== nodeOf.slot(y)) return null;
  const shown = slot.assignedNodes();
  return shown.indexOf(x) > shown.indexOf(y);
}

/** Whether `el` is in the top layer (in an open modal dialog or popover), painted over all else. */
function topLayer(el: Element): boolean {
  try {
    return elementOf.closest(el, ':modal, :popover-open') !== null;
  } catch {
    return false;
  }
}
