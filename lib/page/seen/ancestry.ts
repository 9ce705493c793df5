/**
 * What the boxes around some words do to them, measured once per element: the opacity they are
 * drawn at (the product of `opacity` and `filter: opacity()` up the flat tree), whether a mask, a
 * blend mode or a filter the computed values cannot settle lies on the way, and the rectangle
 * the boxes that hide overflow leave them (following the containing blocks: an absolutely
 * positioned box escapes the overflow of boxes that are not positioned). Then, for a text node,
 * its own glyphs' rectangles: what a reader sees is measured, not inferred from a list of tricks
 * (lib/shared/seen/seen.ts judges). Asked by the check of passages about to be sent and by the proof of
 * a quote (lib/page/seen/visibility.ts, lib/page/find/quote-seen.ts) and of a frame's box
 * (lib/page/seen/frame-visibility.ts): never by the reading walk. Also what a reader can bring into
 * view of each box's content (`contentReach`: the page's scroll, a box the reader scrolls, a fixed
 * box's view), and, for a text node only partly cut off, which of its characters are
 * not seen (lib/page/seen/seen.ts `hiddenRuns`). Its cost is the check's: one `getClientRects` per text node and
 * the style reads of the looks and clips (about eight per box, five per inline element, each once
 * per element, in one record per element: `Known`); docs/eval.md gives the figures. Pure DOM code.
 * What one element's own style says is read in own-style.ts, one box's clip and scroll in
 * clip-rect.ts; this module walks up the tree and combines them.
 */
import { allInside, type Rect } from '@/lib/page/dom/geometry';
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { BIDI_CONTROLS, glyphsHide, hiddenRuns, hidesBy, linesOverlap, orderHides } from './seen';
import { asker } from '@/lib/shared/seen/seen';
import { MIN_OPENABLE_SIDE } from '@/lib/shared/seen/thresholds';
import type { CharRun, Measured } from '@/lib/shared/seen/measured';
import type { Reach } from './paint';
import { containment, ownOf, VISIBLE, type Known, type Look, type Own } from './own-style';
import { boxClip, finite, intersect, NONE, scrolledReach, visibleArea } from './clip-rect';
import { skippedGrowth } from './skipped-content';

/** What was measured of a text node's words; `hidden`: the runs of its characters no reader sees, when some are seen. */
export type WordsMeasured = Pick<Measured, 'opacity' | 'effects' | 'glyphs'> & { hidden?: readonly CharRun[] };

const askLeft = asker(['charsLeft']);
const askSides = asker(['sidesLeft']);
const askStruck = asker(['struck']);
const askStacked = asker(['stackedLines']);

/** The height of the tallest of `rects` (a line's glyphs). */
function tallest(rects: ArrayLike<Rect>): number {
  let most = 0;
  for (let i = 0; i < rects.length; i++) most = Math.max(most, rects[i]!.bottom - rects[i]!.top);
  return most;
}

export class Ancestry {
  private readonly view: Window;
  private readonly known = new Map<Element, Known>();
  private range: Range | null = null;

  constructor(view: Window) {
    this.view = view;
  }

  /** The computed style of `el` and its display, already asked by the walk: not asked again (each ask builds a new object). */
  know(el: Element, cs: CSSStyleDeclaration, display: string): void {
    this.known.set(el, { cs, display });
  }

  /** `el`'s `overflow-x`, read once for the walk (`clippedAway`) and for the clips here. */
  overflowX(el: Element, cs: CSSStyleDeclaration): string {
    const k = this.record(el, cs);
    return (k.overflowX ??= cs.overflowX);
  }

  /** `el`'s `position`, read once for the walk (the boxes that may cover words) and for the clips here. */
  position(el: Element, cs: CSSStyleDeclaration): string {
    const k = this.record(el, cs);
    return (k.position ??= cs.position);
  }

  /**
   * `openableHost(el)` (lib/page/seen/visibility.ts: the box drawn in place of what a reader opens, the
   * outermost closed `<details>` or what holds an `until-found` element), remembered per element
   * so that the text nodes of a check do not each walk every ancestor again.
   */
  openable(el: Element): Element | null {
    return this.hostAbove(el) ?? ownHost(el);
  }

  /** The outermost host (`openable`) among the ancestors of `x`, as seen from `x`. */
  private hostAbove(x: Element): Element | null {
    const k = this.record(x);
    if (k.host !== undefined) return k.host;
    const p = flatParentElement(x);
    let out: Element | null = null;
    if (p !== null) {
      out = this.hostAbove(p);
      if (out === null) {
        if (elementOf.attribute(p, 'hidden')?.toLowerCase() === 'until-found') out = flatParentElement(p) ?? p;
        else if (elementOf.name(p) === 'details' && !(p as HTMLDetailsElement).open) {
          // Words in the summary (the child on the way down) show; any other child of it does not.
          const summary = elementOf.query(p, ':scope > summary');
          if (!summary || !nodeOf.contains(summary, x)) out = p;
        }
      }
    }
    k.host = out;
    return out;
  }

  /** The record of `el`, made (its style asked) the first time. */
  private record(el: Element, cs?: CSSStyleDeclaration): Known {
    let k = this.known.get(el);
    if (k === undefined) this.known.set(el, (k = { cs: cs ?? this.view.getComputedStyle(el), display: '' }));
    return k;
  }

  /** What `el`'s own style says (`Own`), read once. */
  private own(el: Element): Own {
    const k = this.record(el);
    return (k.own ??= ownOf(el, k));
  }

  /** The opacity `el` and all it holds are drawn at, and whether an effect that is not settled applies. */
  look(el: Element): Look {
    const k = this.record(el);
    if (k.look !== undefined) return k.look;
    const parent = flatParentElement(el);
    const above = parent === null ? VISIBLE : this.look(parent);
    const own = this.own(el);
    const out =
      own.opacity === 1 && !own.effects && !own.reorders && own.strike === 0
        ? above
        : {
            opacity: above.opacity * own.opacity,
            effects: above.effects || own.effects,
            reorders: above.reorders || own.reorders,
            strike: Math.max(above.strike, own.strike),
          };
    k.look = out;
    return out;
  }

  /**
   * What a reader can bring into view of the content of `el`, in the view's coordinates, as a
   * `Reach`: the page's scrollable area (`page`), unless a box on the way up is one a reader
   * scrolls (then its scrollable area, an app that scrolls in a box of its own) or is fixed in the
   * view (then the view: no scroll of the page moves it); and nothing when that box itself lies
   * where a reader cannot bring it.
   */
  contentReach(el: Element, page: Reach): Reach {
    const k = this.record(el);
    if (k.reach !== undefined) return k.reach;
    const own = this.own(el);
    const parent = flatParentElement(el);
    const outer = parent === null ? page : this.contentReach(parent, page);
    let out = outer;
    if (own.display !== 'inline' && own.display !== 'contents') {
      if (this.scrolls(el, own)) {
        out = scrolledReach(el, outer);
      } else if (own.position === 'fixed') {
        out = { scrollX: 0, scrollY: 0, width: this.view.innerWidth, height: this.view.innerHeight };
      }
      // Its skipped content, once drawn, makes all below it lie further down: what a reader
      // scrolls to grows with it (the box laid out now may end the page before its words).
      const grown = this.grown(el, own);
      if (grown > 0) out = { ...out, height: out.height + grown };
    }
    k.reach = out;
    return out;
  }

  /** Whether a reader can scroll the content of `el` (overflow auto or scroll, either way). */
  private scrolls(el: Element, own: Own): boolean {
    const x = own.overflowX;
    if (x === 'visible') return false;
    if (x === 'auto' || x === 'scroll') return true;
    const y = this.record(el).cs.overflowY;
    return y === 'auto' || y === 'scroll';
  }

  /** What the boxes that hide overflow leave of the content of `el` (an infinite rectangle: no clip). */
  contentClip(el: Element): Rect {
    const k = this.record(el);
    if (k.contentClip !== undefined) return k.contentClip;
    const own = this.own(el);
    let out = this.clipOn(el, own);
    if (own.display !== 'inline' && own.display !== 'contents') {
      const clip = boxClip(el, own, this.record(el).cs, this.grown(el, own));
      if (clip !== NONE) out = intersect(out, clip);
    }
    k.contentClip = out;
    return out;
  }

  /** How far the box of `el` reaches below its box now once its skipped content is drawn (skipped-content.ts), asked once. */
  private grown(el: Element, own: Own): number {
    const k = this.record(el);
    return (k.grown ??= own.contain.includes('paint') ? skippedGrowth(el, k.cs, this.view) : 0);
  }

  /** The clip the boxes around `el` put on `el` itself, by its containing blocks. */
  private clipOn(el: Element, own: Own): Rect {
    const position = own.position;
    let parent = flatParentElement(el);
    if (position === 'absolute' || position === 'fixed') {
      // Only the containing block and what is above it clip a box taken out of the flow.
      for (; parent !== null; parent = flatParentElement(parent)) {
        const ps = this.record(parent).cs;
        const transformed = ps.transform !== 'none' || ps.filter !== 'none' || containment(ps).includes('paint');
        if (transformed || (position === 'absolute' && ps.position !== 'static')) break;
      }
    }
    return parent === null ? NONE : this.contentClip(parent);
  }

  /**
   * What was measured of the words of `node` (a text node with words): the look of its element,
   * and its glyphs cut to what the boxes around them leave (its characters that are not white
   * space are counted only when its glyphs take little width).
   */
  words(node: Text, reach: Reach): WordsMeasured {
    return this.measure(node, reach);
  }

  private measure(node: Text, reach: Reach): WordsMeasured {
    const parent = flatParentElement(node);
    if (parent === null) return { glyphs: 'no-area' };
    const { opacity, effects, reorders, strike } = this.look(parent);
    const range = (this.range ??= docOf.createRange(nodeOf.doc(node)));
    range.selectNodeContents(node);
    const chars = () => node.data.replace(/\s+/g, '').length;
    const within = this.contentReach(parent, reach);
    const clip = finite(this.contentClip(parent));
    let rects = range.getClientRects();
    // Content a box of `content-visibility: auto` skips is laid out only when an element in it is
    // measured (Chromium): a range asked first has no boxes yet (skipped-content.ts).
    if (rects.length === 0) {
      elementOf.rect(parent);
      rects = range.getClientRects();
    }
    const glyphs = glyphsHide(rects, chars, clip, within, node.data.length);
    if (glyphs !== null) return { opacity, effects, glyphs };
    // A line drawn through them, thick against their glyphs (asked only where one is drawn).
    const struck = strike > 0 ? hidesBy(askStruck({ struck: { thickness: strike, height: tallest(rects) } })) : null;
    if (struck !== null) return { opacity, effects, glyphs: struck };
    // Lines drawn over each other (asked only of words on more than one line).
    const stacked = rects.length > 1 ? hidesBy(askStacked({ stackedLines: linesOverlap(rects) })) : null;
    if (stacked !== null) return { opacity, effects, glyphs: stacked };
    // Drawn in an order no reader reads (a bidi override against the words' own direction, a
    // mirror): measured only where something on the way, or in the text, may reorder them.
    if (reorders || BIDI_CONTROLS.test(node.data)) {
      const order = orderHides(node.data, (a, b) => {
        range.setStart(node, a);
        range.setEnd(node, b);
        return range.getClientRects();
      });
      range.selectNodeContents(node);
      if (order !== null) return { opacity, effects, glyphs: order };
    }
    // Seen, but some glyphs may lie where a reader cannot see them (a line clamp, a line cut off):
    // those characters are found and left out (asked only of such a node).
    const area = visibleArea(clip, within);
    if (allInside(rects, area)) return { opacity, effects, glyphs };
    const data = node.data;
    const measure = (a: number, b: number) => {
      range.setStart(node, a);
      range.setEnd(node, b);
      return range.getClientRects();
    };
    const hidden = hiddenRuns(data.length, measure, area, (i) => /\s/.test(data[i]!));
    if (hidden.length === 0) return { opacity, effects, glyphs };
    let shown = 0;
    let at = 0;
    for (const [a, b] of hidden) {
      shown += data.slice(at, a).replace(/\s+/g, '').length;
      at = b;
    }
    shown += data.slice(at).replace(/\s+/g, '').length;
    const left = hidesBy(askLeft({ charsLeft: shown }));
    return left !== null ? { opacity, effects, glyphs: left } : { opacity, effects, glyphs, hidden };
  }

  /** What the boxes around `el` leave of its border box, in the view's coordinates; null when nothing. */
  shownBox(el: Element): Rect | null {
    const r = elementOf.rect(el);
    const parent = flatParentElement(el);
    const shown = parent === null ? r : intersect(r, this.clipOn(el, this.own(el)));
    return shown.right > shown.left && shown.bottom > shown.top ? shown : null;
  }

  /**
   * What was measured of the box drawn in place of what a reader opens (`openable`: a closed
   * `<details>`, what holds an `until-found` element), `box` with its least side.
   */
  hostBox(host: Element, reach: Reach): Pick<Measured, 'opacity' | 'effects' | 'glyphs'> {
    return this.box(host, reach, MIN_OPENABLE_SIDE);
  }

  /**
   * What was measured of a box (a frame, a player, the host of closed `<details>`): its look, and
   * its area as clipped, judged by the table's rows of glyphs, then of `sidesLeft` (each side at
   * least `minSide`, lib/shared/seen/thresholds.ts).
   */
  box(el: Element, reach: Reach, minSide: number): Pick<Measured, 'opacity' | 'effects' | 'glyphs'> {
    const { opacity, effects } = this.look(el);
    const parent = flatParentElement(el);
    const clip = parent === null ? null : finite(this.clipOn(el, this.own(el)));
    const r = elementOf.rect(el);
    const glyphs = glyphsHide([r], 0, clip, parent === null ? reach : this.contentReach(parent, reach));
    if (glyphs !== null) return { opacity, effects, glyphs };
    const shown = clip === null ? r : intersect(r, clip);
    const sidesLeft = { width: shown.right - shown.left, height: shown.bottom - shown.top, least: minSide };
    return { opacity, effects, glyphs: hidesBy(askSides({ sidesLeft })) };
  }
}

/** What `el` itself makes a host (`Ancestry.openable`): until-found, the box that holds it; a closed `<details>`, itself. */
function ownHost(el: Element): Element | null {
  if (elementOf.attribute(el, 'hidden')?.toLowerCase() === 'until-found') return flatParentElement(el) ?? el;
  return elementOf.name(el) === 'details' && !(el as HTMLDetailsElement).open ? el : null;
}
