/**
 * A sticky box (`position: sticky`, or a box inside one) moves with the page until it sticks to
 * an edge of the view, and stays within its containing block: words it lies over now may come out
 * from under it as the page scrolls (a header stuck over the first lines of a section), or never
 * (a white sticky box laid over a paragraph, in a block too short for it to move). The words are
 * covered only where they show at no scroll position the page allows. Where the sticky box would be
 * unstuck cannot be read while it is stuck (its offsets include the sticking): it is worked out from
 * the box before it or its block's top, and where it cannot be, every place its containing block
 * and its current place leave open is tried, any in which the words never show making them covered
 * (unknown is not seen); a sticky box in a scroller of its own, or inside another sticky or fixed
 * box, is judged where it is now. `underAtEveryStickyScroll` is the geometry (pure, tested alone);
 * `stickyOf` measures a box's. Asked by covers-out-of-view.ts for the check and the proof alike.
 */
import { holds, type Rect } from '@/lib/page/dom/geometry';
import { elementOf, nodeOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import type { ViewScroll } from './staying-lids';

/** What moves a sticky box, in the view's coordinates now. */
export interface Sticky {
  /** The sticky box itself now (the lid asked about moves with it). */
  box: Rect;
  /** Its `top` and `bottom` insets in px (null: `auto`). */
  top: number | null;
  bottom: number | null;
  /** How high and how low its top may go in its containing block. */
  low: number;
  high: number;
  /** False where its place at another scroll is not known: it is judged where it is now. */
  known: boolean;
  /** Its top in the flow, unstuck, as its previous box or its block's top gives it (null: not measured). */
  flow: number | null;
}

/** The displays of a block in the flow, whose place the boxes before it give. */
const BLOCKS = ['block', 'flow-root', 'list-item'];
/** Where a flex line packs its items at its start. */
const START = ['normal', 'flex-start', 'start'];
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** A part of words as tall as this, outside the lid while in view, shows. */
const SHOWS_PX = 1;

/**
 * Whether `words` (in the view's coordinates now; `moves`: whether they scroll with the page) lie under
 * `lid`, a box that moves with the sticky box `sticky`, at every scroll position the page allows
 * (`scroll`): no part of them shows in the view outside it. Words not within its sides are not
 * under it (false).
 */
export function underAtEveryStickyScroll(
  words: Rect,
  lid: Rect,
  sticky: Sticky,
  scroll: ViewScroll,
  moves: () => boolean,
): boolean {
  if (words.bottom <= words.top || words.left < lid.left || words.right > lid.right) return false;
  // Words that do not move with the page, or a box whose moves are not known: judged where they
  // are now, under it where it holds them. Whether the words move reads every box around them, so
  // it is asked only where the answer would differ.
  const now = holds(lid, words);
  if (!sticky.known) return now;
  return now ? movingUnder(words, lid, sticky, scroll) || !moves() : movingUnder(words, lid, sticky, scroll) && moves();
}

/** `underAtEveryStickyScroll` for words that move with the page and a sticky box whose moves are known. */
function movingUnder(words: Rect, lid: Rect, sticky: Sticky, scroll: ViewScroll): boolean {
  // Where the lid may be at all: nowhere near the words, it covers none of them.
  const offset = lid.top - sticky.box.top;
  if (words.bottom > sticky.high + offset + (lid.bottom - lid.top) || words.top < sticky.low + offset) return false;
  const deltas: [number, number] = [-scroll.y, scroll.max - scroll.y];
  for (const normal of normalPlaces(sticky, words, lid, scroll.height)) {
    if (hiddenThroughout(words, lid, sticky, scroll.height, normal, deltas)) return true;
  }
  return false;
}

/**
 * Where the sticky box's top would be unstuck (its place in the flow, now): that place as measured
 * (`flow`), where it agrees with where the box is now; else every place its block leaves that
 * would put it where it is now: its place now, its block's ends, and the places that would put the
 * lid just over the words.
 */
function normalPlaces(sticky: Sticky, words: Rect, lid: Rect, height: number): number[] {
  const { box, low, high } = sticky;
  const at = (normal: number) => placeAt(sticky, height, normal, 0);
  const offset = lid.top - box.top;
  const tries = [box.top, low, high, words.top - offset, words.bottom - offset - (lid.bottom - lid.top)];
  const fits = (n: number) => n >= low - SHOWS_PX && n <= high + SHOWS_PX && Math.abs(at(n) - box.top) <= SHOWS_PX;
  if (sticky.flow !== null && fits(sticky.flow)) return [sticky.flow];
  const places = tries.filter(fits);
  return places.length > 0 ? places : [box.top];
}

/** The top of the sticky box once the page has scrolled by `delta`, were its place in the flow `normal` (all now). */
function placeAt(sticky: Sticky, height: number, normal: number, delta: number): number {
  const h = sticky.box.bottom - sticky.box.top;
  let top = normal - delta;
  if (sticky.top !== null) top = Math.max(top, sticky.top);
  if (sticky.bottom !== null) top = Math.min(top, height - sticky.bottom - h);
  return Math.min(Math.max(top, sticky.low - delta), sticky.high - delta);
}

/**
 * Whether the words show at no scroll by a delta from `deltas[0]` to `deltas[1]`: asked at every
 * delta where an edge meets another (the view's, the words', the lid's, where the box sticks) and
 * between them, where nothing changes but by a straight line.
 */
function hiddenThroughout(
  words: Rect,
  lid: Rect,
  sticky: Sticky,
  height: number,
  normal: number,
  [from, to]: readonly [number, number],
): boolean {
  const h = sticky.box.bottom - sticky.box.top;
  const offset = lid.top - sticky.box.top;
  const lidH = lid.bottom - lid.top;
  const edges = [from, to, 0];
  // Where the box sticks to an edge of the view (`stuck`: its top there), the words meet its edges.
  const stuckAt = [sticky.top, sticky.bottom === null ? null : height - sticky.bottom - h].filter((v) => v !== null);
  for (const stuck of stuckAt) edges.push(normal - stuck, sticky.high - stuck, sticky.low - stuck);
  for (const w of [words.top, words.bottom]) {
    edges.push(w, w - height, w - offset, w - offset - lidH);
    for (const stuck of stuckAt) edges.push(w - (stuck + offset), w - (stuck + offset + lidH));
  }
  const marks = [...new Set(edges.filter((d) => d >= from && d <= to))].sort((a, b) => a - b);
  const asked = marks.flatMap((d, i) => (i + 1 < marks.length ? [d, (d + marks[i + 1]!) / 2] : [d]));
  let inView = false;
  for (const d of asked) {
    const top = placeAt(sticky, height, normal, d) + offset;
    const w = { top: words.top - d, bottom: words.bottom - d };
    const shownTop = Math.max(w.top, 0);
    const shownBottom = Math.min(w.bottom, height);
    if (shownBottom - shownTop < SHOWS_PX) continue;
    inView = true;
    if (shownTop < top - SHOWS_PX || shownBottom > top + lidH + SHOWS_PX) return false;
  }
  // Words no scroll brings into view are under it only where it holds them now.
  return inView || holds(lid, words);
}

/**
 * The nearest sticky box around `el` (itself included) and what moves it, or null where none is;
 * `known` is false inside a box that is fixed or sticky too, or in a scroller of its own.
 */
export function stickyOf(el: Element, view: Window): Sticky | null {
  let sticky: Element | null = null;
  let known = true;
  for (let e: Element | null = el; e !== null; e = flatParentElement(e)) {
    const cs = view.getComputedStyle(e);
    if (cs.position === 'sticky') {
      if (sticky !== null) known = false;
      sticky ??= e;
    } else if (cs.position === 'fixed') known = false;
    else if (sticky !== null && e !== el && scrolls(e, cs)) known = false;
  }
  if (sticky === null) return null;
  const cs = view.getComputedStyle(sticky);
  const box = elementOf.rect(sticky);
  const block = flatParentElement(sticky);
  if (block === null) return { box, top: null, bottom: null, low: box.top, high: box.top, known: false, flow: null };
  const b = view.getComputedStyle(block);
  const r = elementOf.rect(block);
  const px = (v: string) => parseFloat(v) || 0;
  const inset = (v: string) => (v === 'auto' || v === '' ? null : px(v));
  return {
    box,
    top: inset(cs.top),
    bottom: inset(cs.bottom),
    low: r.top + px(b.borderTopWidth) + px(b.paddingTop) + px(cs.marginTop),
    high: r.bottom - px(b.borderBottomWidth) - px(b.paddingBottom) - px(cs.marginBottom) - (box.bottom - box.top),
    known,
    flow: flowTop(sticky, cs, block, b, view),
  };
}

/**
 * Where the top of `sticky` (of style `cs`) lies in the flow of its block `block` (of style `b`),
 * unstuck, now: below the box before it, by their margins (collapsed in a block), or at the block's
 * top. Null where the flow does not say it so simply (a grid, a flex line that wraps or is not
 * packed at its start, words or a float before it, a box before it moved, placed or reordered).
 */
function flowTop(sticky: Element, cs: CSSStyleDeclaration, block: Element, b: CSSStyleDeclaration, view: Window): number | null {
  const flow = flowOf(b, cs);
  if (flow === null) return null;
  const px = (v: string) => parseFloat(v) || 0;
  const own = px(cs.marginTop);
  const edge = px(b.borderTopWidth) + px(b.paddingTop);
  const top = elementOf.rect(block).top + edge;
  if (flow === 'row') return top + own;
  for (let n = nodeOf.previous(sticky); n !== null; n = nodeOf.previous(n)) {
    const type = nodeOf.type(n);
    if (type === TEXT_NODE && /\S/.test((n as Text).data)) return null;
    if (type !== ELEMENT_NODE) continue;
    const el = n as Element;
    const p = view.getComputedStyle(el);
    if (p.display === 'none' || p.position === 'absolute' || p.position === 'fixed') continue;
    if (p.position !== 'static' || p.order !== cs.order) return null;
    const after = elementOf.rect(el).bottom;
    if (flow === 'column') return after + px(p.marginBottom) + px(b.rowGap) + own;
    return p.float === 'none' && BLOCKS.includes(p.display) ? after + collapsed(px(p.marginBottom), own) : null;
  }
  // A margin collapses through a block with no edge at its top and that holds no context of its own.
  const through =
    flow === 'block' && edge === 0 && b.display === 'block' && b.overflowY === 'visible' && elementOf.name(block) !== 'html';
  return top + (through ? 0 : own);
}

/** How the block of style `b` lays out a box of style `cs` in its flow: as a block, a flex column's or a flex row's item packed at its start, or null (otherwise). */
function flowOf(b: CSSStyleDeclaration, cs: CSSStyleDeclaration): 'block' | 'column' | 'row' | null {
  if (BLOCKS.includes(b.display)) return BLOCKS.includes(cs.display) && cs.float === 'none' ? 'block' : null;
  if (b.display !== 'flex' || b.flexWrap !== 'nowrap') return null;
  if (b.flexDirection === 'column') return START.includes(b.justifyContent) ? 'column' : null;
  const align = cs.alignSelf === 'auto' ? b.alignItems : cs.alignSelf;
  return b.flexDirection === 'row' && [...START, 'stretch', 'self-start'].includes(align) ? 'row' : null;
}

/** Two adjoining vertical margins as CSS collapses them. */
function collapsed(a: number, b: number): number {
  return Math.max(a, b, 0) + Math.min(a, b, 0);
}

/** Whether `el` (of style `cs`, not the root or the body) scrolls what it holds in a box of its own. */
function scrolls(el: Element, cs: CSSStyleDeclaration): boolean {
  const name = elementOf.name(el);
  if (name === 'html' || name === 'body') return false;
  return cs.overflowY !== 'visible' && cs.overflowY !== 'clip';
}
