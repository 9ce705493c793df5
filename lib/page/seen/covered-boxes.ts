/**
 * Which boxes of words another box covers, where they are in view: what the check asks after its
 * walk (lib/page/seen/visibility.ts `coveredBoxes`). A box with an opaque background (or an opaque
 * shadow spread around or inside it) that CSS's painting order may put over words not its own
 * (placed, a flex or grid item, an inline block, a stacking context: `liesOverWords`), and, in a
 * walk that measures glyphs, such a picture (what may cover: cover-style.ts), is asked by the browser's own
 * hit test at the middle of each box of words it holds entirely, and at the middle of each line of
 * words it lies over in part (lib/page/seen/cover.ts); one the hit test passes through is taken to
 * be on top. What the hit test cannot tell from the words' own element (a pseudo-element, an
 * outline: painted-covers.ts) is worked out from computed values, and so is the ring of any other
 * element's opaque outline, which no hit test ever finds (in view or not). Below the first screen
 * no hit test tells without scrolling the page: the proof before a claim is shown asks there by
 * CSS's painting order (covers-out-of-view.ts). Whether that covers the words is the table's rule
 * (lib/shared/seen/seen.ts, `hits`, `covered`). Pure DOM code.
 */
import { cut, holds, meets, middle, type Rect } from '@/lib/page/dom/geometry';
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { elementAt, hitAt, inView, passesHitTest, scrollsWithPage } from './cover';
import { PICTURE_TAGS, PICTURES } from './paint';
import { asker, type SeenVerdict } from '@/lib/shared/seen/seen';
import { groups, isItem, PaintOrder, wordsOver } from './paint-order';
import { CoversOutOfView } from './covers-out-of-view';
import {
  borderRing,
  coverDrawn,
  hidesWhatIsUnder,
  imageHides,
  insetFill,
  liesOverWords,
  mayBeOpaque,
  outlineRing,
  ringBands,
  ringHolds,
  shadowReach,
  type Ring,
} from './cover-style';
import { PaintedCovers } from './painted-covers';
import { BoxesByBand } from './boxes-by-band';

const askHits = asker(['hits']);
/** The boxes that may cover words and that the walk never enters, so never notes: pictures and form controls. */
const UNWALKED = `${PICTURES}, input, textarea, select`;
const isSeen = (v: SeenVerdict) => v.seen === 'seen';

/**
 * The boxes of `owners` (boxes whose own words were read) that a box of `covers` (noted by a
 * reading walk) or, where glyphs are `measured`, a picture or what an element paints over what it
 * holds, covers where they are in view; and those of `sunk` (boxes put below the flow) that an
 * element around them is painted over.
 */
export function coveredOwners(
  doc: Document,
  view: Window,
  covers: readonly Element[],
  owners: readonly Element[],
  measured: boolean,
  sunk: readonly Element[] = [],
): Set<Element> {
  const out = new Set<Element>();
  let order: PaintOrder | undefined;
  // Out of view, the one test of a cover (covers-out-of-view.ts), made when first asked.
  let unhit: CoversOutOfView | undefined;
  // (Each box of words is measured once, however many covers ask about it: nothing moves meanwhile.)
  const rects = new Map<Element, DOMRect>();
  const rectOf = (e: Element): DOMRect => {
    let r = rects.get(e);
    if (r === undefined) rects.set(e, (r = elementOf.rect(e)));
    return r;
  };
  // A picture over words covers them as a box with a background does, whatever it
  // shows (its pixels are not read: it is taken as opaque), and so does a form control with one.
  // Looked for after the walk, and only by a walk that measures glyphs (a reading does not pay for it).
  // (Only the boxes near a cover are asked about it: every box with a background may be one.)
  let near: BoxesByBand<Element> | undefined;
  const meetsWords = (r: Rect) => (near ??= new BoxesByBand(owners, rectOf)).near(r).some((o) => meets(r, rectOf(o)));
  const all = measured ? [...covers, ...unwalked(doc, view, meetsWords)] : covers;
  const ask: CoverAsk = {
    doc,
    view,
    out,
    rectOf,
    measured,
    near: () => (near ??= new BoxesByBand(owners, rectOf)),
    unhit: () => (measured ? (unhit ??= new CoversOutOfView(doc, view)) : null),
  };
  for (const cover of all) {
    if (!coverDrawn(cover)) continue;
    // A box that stays put in the view (a cookie banner, a header) covers words only at some scroll
    // positions: the check asks which words it lies over at every one (staying-lids.ts).
    if (!scrollsWithPage(cover, view)) {
      ask.unhit()?.underStayingLid(cover, owners, rectOf, out);
      continue;
    }
    const box = elementOf.rect(cover);
    const cs = view.getComputedStyle(cover);
    const ring = outlineRing(cs, box);
    if (ring !== null) coveredByRing(cover, cs, ring, owners, out, rectOf, (order ??= new PaintOrder(view)));
    // (A box noted for its outline alone covers nothing more.)
    // Whatever its place: a box laid over words in the flow (a grid cell over another, a block
    // pulled up by a negative margin, a flex item put first) covers them as one placed over the
    // page does, where the hit test (or, out of view, the painting order) says it is on top.
    if (PICTURE_TAGS.has(elementOf.name(cover)) || hidesWhatIsUnder(cs)) coveredByBox(ask, cover, cs, box);
    else {
      // A box with no background paints its wide opaque border, if any, over what it lies over.
      const border = borderRing(cs, box);
      if (border !== null) coveredByBorder(ask, cover, cs, border);
    }
  }
  if (sunk.length > 0) sunkUnder(doc, view, sunk, owners, out);
  if (measured) paintedOver(view, owners, out);
  // A pseudo-element of another element laid over words (a sibling's `::after`): no walk reads
  // every element's pseudo-elements; the page's style sheets say which may have one.
  if (measured) (unhit ??= new CoversOutOfView(doc, view)).underPseudoOf(owners, rectOf, out);
  // A modal dialog's, a popover's or a fullscreen box's opaque backdrop, over all the page but it.
  ask.unhit()?.underBackdropOf(owners, out);
  return out;
}

/**
 * Adds to `out` the boxes of `owners` inside boxes put below the flow (`sunk`: a negative
 * z-index) that something around them is painted over: in view, hit at their middle; an element
 * around them found there is painted over them (a body with its own background), and one that
 * answers nothing proves nothing (lib/page/seen/cover.ts `hitAt`).
 */
function sunkUnder(doc: Document, view: Window, sunk: readonly Element[], owners: readonly Element[], out: Set<Element>): void {
  for (const owner of owners) {
    if (out.has(owner) || !sunk.some((s) => s === owner || nodeOf.contains(s, owner))) continue;
    const { x, y } = middle(elementOf.rect(owner));
    if (!inView(view, x, y)) continue;
    if (!isSeen(askHits({ hits: [hitAt(doc, [owner], x, y)] }))) out.add(owner);
  }
}

/**
 * Adds to `out` the boxes of `owners`, in view or not, that a pseudo-element placed over them
 * (`::after { position: absolute; inset: 0 }` with a background) or an outline drawn over them
 * covers: the hit test cannot tell either from the words' own element, so their boxes are worked
 * out from computed values and CSS's painting order (painted-covers.ts), which need no scrolling:
 * the same test the proof of a quote asks. Asked where glyphs are measured.
 */
function paintedOver(view: Window, owners: readonly Element[], out: Set<Element>): void {
  const pseudo = new PaintedCovers(view);
  for (const owner of owners) {
    if (out.has(owner)) continue;
    if (pseudo.covers(owner, elementOf.rect(owner))) out.add(owner);
  }
}

/**
 * Where the cover `c` lies over a line of the words `owner` holds itself (its own text nodes): the
 * middle of each such piece of a line, as tall as half the line at least (a cover that only
 * grazes a line's edge hides no word), and with `letterWide` as wide as half the line's height
 * too (an outline's thin side across a line hides a sliver of a letter, not a word); none where
 * it lies over none.
 */
function partsUnder(doc: Document, owner: Element, c: Rect, letterWide = false): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  const range = docOf.createRange(doc);
  for (let n = nodeOf.first(owner); n !== null; n = nodeOf.next(n)) {
    if (nodeOf.type(n) !== 3 || !/\S/.test((n as Text).data)) continue;
    range.selectNodeContents(n);
    for (const line of range.getClientRects()) {
      const k = cut(c, line);
      const half = (line.bottom - line.top) / 2;
      if (k !== null && k.bottom - k.top >= half && (!letterWide || k.right - k.left >= half)) out.push(middle(k));
    }
  }
  return out;
}

/**
 * Whether the hit test at (x, y), over the words of `owner`, says `cover` (of computed style `cs`)
 * is painted on top of them, by the table's rule. (The cover scrolls with the page, asked before;
 * what else is on top proves nothing here.) A cover the hit test passes through (`pointer-events:
 * none`, inert) cannot say it lies below the words: unless it is put below the flow (a negative z-index),
 * it is taken to be on top. A hit test that answers nothing proves nothing: not seen.
 */
function onTop(doc: Document, owner: Element, cover: Element, cs: CSSStyleDeclaration, x: number, y: number): boolean {
  const hit = elementAt(doc, owner, x, y);
  const through = hit !== null && !(hit === cover || nodeOf.contains(cover, hit)) && passesHits(cover, cs);
  const own = !through && hit !== null && !(hit === cover || nodeOf.contains(cover, hit));
  return !isSeen(askHits({ hits: [{ own, movesWithView: false, ...(hit === null ? { unknown: true } : {}) }] }));
}

/**
 * Adds to `out` the boxes of `owners` that the opaque outline `ring` of `cover` (of computed style
 * `cs`) paints over: an outline is drawn after the boxes and words of its layer, so the words of
 * any box it holds are under it, in view or not (no hit test is asked: an outline is never hit),
 * unless CSS's painting order puts them over a positioned cover (lib/page/seen/paint-order.ts). An
 * order it cannot settle counts as covering.
 */
function coveredByRing(
  cover: Element,
  cs: CSSStyleDeclaration,
  ring: Ring,
  owners: readonly Element[],
  out: Set<Element>,
  rectOf: (e: Element) => DOMRect,
  order: PaintOrder,
): void {
  const bands = ringBands(ring);
  for (const owner of owners) {
    if (out.has(owner) || nodeOf.contains(cover, owner) || nodeOf.contains(owner, cover)) continue;
    // All of its box under the ring, or a band of it over a piece of a line as wide as a letter.
    const b = rectOf(owner);
    const under =
      ringHolds(ring, b) || (meets(ring, b) && bands.some((band) => partsUnder(nodeOf.doc(owner), owner, band, true).length > 0));
    if (!under) continue;
    if (cs.position !== 'static' && wordsOver(order.above(cover, owner))) continue;
    out.add(owner);
  }
}

/**
 * Adds to `out` the boxes of words that `cover` (of computed style `cs`, border box `box`), a
 * picture or a box that hides what is under it, covers: where the hit test (out of view, CSS's
 * painting order) says it is on top, at the middle of a box of words it holds or of each line of
 * them it lies over; and as far as its opaque shadow spreads.
 */
function coveredByBox(ask: CoverAsk, cover: Element, cs: CSSStyleDeclaration, box: DOMRect): void {
  const { doc, view, out, rectOf } = ask;
  // (A box noted for its shadow covers as far as its opaque shadow spreads; a shadow is painted,
  // never hit: what is on top there is not asked.)
  const spread = PICTURE_TAGS.has(elementOf.name(cover)) ? 0 : shadowReach(cs.boxShadow);
  // (Asked once per cover: whether it paints over its own inside too.)
  const paintsInside =
    spread > 0 && (mayBeOpaque(cs.backgroundColor) || insetFill(cs.boxShadow) || imageHides(cs.backgroundImage));
  const c = { left: box.left - spread, top: box.top - spread, right: box.right + spread, bottom: box.bottom + spread };
  // Out of view no hit test tells without scrolling the page: where glyphs are measured (the
  // check before sending), CSS's painting order does, as for the proof of a quote
  // (covers-out-of-view.ts); a cover drawn see-through there lets the words show.
  // (Whether it is drawn see-through is asked only when some words out of view lie under it.)
  let opaque: boolean | undefined;
  let flowOnly: boolean | undefined;
  const outOfView = () => ask.measured && (opaque ??= ask.unhit()!.drawnOpaque(cover));
  if (!ask.measured && (c.right <= 0 || c.bottom <= 0 || c.left >= view.innerWidth || c.top >= view.innerHeight)) return;
  for (const owner of ask.near().near(c)) {
    // (Words the cover holds are drawn over its own background; a cover the box of words holds,
    // a lid inside the paragraph, is asked like any other: the hit test tells it from the words.)
    if (out.has(owner) || nodeOf.contains(cover, owner)) continue;
    const b = rectOf(owner);
    if (!meets(c, b)) continue;
    // All of the box under the cover: asked at its middle. Part of it: at the middle of each
    // line of its own words that the cover lies over (a lid over one word, or half a line, hides
    // words as surely as one over the whole box).
    const whole = holds(c, b);
    for (const { x, y } of whole ? [middle(b)] : partsUnder(doc, owner, c)) {
      const seenHere = inView(view, x, y);
      if (!seenHere && !outOfView()) continue;
      // Out of view, a box in the flow (an inline block, a grid or flex item, a picture), which
      // CSS's painting order puts over words by tree order alone, is asked only where it holds
      // the whole box of words: part of a line under one is a page laid out over itself, as
      // pages whose style sheets did not load are, more often than a trick.
      if (!seenHere && !whole && (flowOnly ??= inFlowOnly(cs))) continue;
      if (spread > 0) {
        // Reaching into the ring its shadow paints: covered. Inside the box itself, only a box
        // that paints its own background covers (the hit test below).
        if (whole ? !holds(box, b) : !holds(box, { left: x, top: y, right: x, bottom: y })) {
          out.add(owner);
          break;
        }
        if (!paintsInside) continue;
      }
      const over = seenHere ? onTop(doc, owner, cover, cs, x, y) : ask.unhit()!.coversAt(cover, owner, [{ x, y }], c);
      if (over) {
        out.add(owner);
        break;
      }
    }
  }
}

/** What the check asks each cover with: its boxes of words (by band), its answer, and its test out of view (null where glyphs are not measured). */
interface CoverAsk {
  doc: Document;
  view: Window;
  out: Set<Element>;
  rectOf: (e: Element) => DOMRect;
  /** Whether glyphs are measured (the check before sending): only then are words out of view asked. */
  measured: boolean;
  near: () => BoxesByBand<Element>;
  unhit: () => CoversOutOfView | null;
}

/**
 * Adds to `out` the boxes of words that `cover` (of computed style `cs`), a box with no background,
 * covers with the ring its wide opaque border paints (`border`): all of a box of words in the ring,
 * or a piece of a line under a band of it as tall and as wide as half the line (a thin side across
 * a line hides a sliver of a letter), where the hit test (out of view, CSS's painting order) says
 * the cover is on top. Out of view a box in the flow is asked only where it holds all of the box.
 */
function coveredByBorder(ask: CoverAsk, cover: Element, cs: CSSStyleDeclaration, border: Ring): void {
  const { doc, view, out, rectOf } = ask;
  const bands = ringBands(border);
  let flowOnly: boolean | undefined;
  for (const owner of ask.near().near(border)) {
    if (out.has(owner) || nodeOf.contains(cover, owner)) continue;
    const b = rectOf(owner);
    if (!meets(border, b)) continue;
    const whole = ringHolds(border, b);
    const points = whole ? [middle(b)] : bands.flatMap((band) => partsUnder(doc, owner, band, true));
    for (const { x, y } of points) {
      const seenHere = inView(view, x, y);
      const unhit = seenHere ? null : ask.unhit();
      if (!seenHere && (unhit === null || (!whole && (flowOnly ??= inFlowOnly(cs))))) continue;
      if (seenHere ? onTop(doc, owner, cover, cs, x, y) : unhit!.coversAt(cover, owner, [{ x, y }], border)) {
        out.add(owner);
        break;
      }
    }
  }
}

/** Whether the hit test passes through `cover`, of style `cs` (`passesHitTest`: `pointer-events: none`, inert), while it is not put below the flow. */
function passesHits(cover: Element, cs: CSSStyleDeclaration): boolean {
  return passesHitTest(cover, cs) && !(parseInt(cs.zIndex, 10) < 0);
}

/**
 * The boxes of `doc` (not those in shadow roots) the walk never enters, pictures and form controls
 * (`<input>`, `<textarea>`, `<select>`: a control paints its own field), that CSS's painting order
 * may put over words not their own (`liesOverWords`: placed, a flex or grid item, an inline block,
 * a stacking context); a picture in a line of words lies beside them. Only those whose box meets
 * a box of words (`meetsWords`) are asked more: most of a page's lie beside every word.
 */
function unwalked(doc: Document, view: Window, meetsWords: (r: Rect) => boolean): Element[] {
  const out: Element[] = [];
  for (const box of docOf.all(doc, UNWALKED)) {
    if (!meetsWords(elementOf.rect(box))) continue;
    if (liesOverWords(view.getComputedStyle(box), isItem(box, view))) out.push(box);
  }
  return out;
}

/** Whether a cover of style `cs` takes part in the flow (not placed, not a stacking context): what puts it over words is tree order alone. */
function inFlowOnly(cs: CSSStyleDeclaration): boolean {
  return (cs.position === 'static' || cs.position === '') && !groups(cs);
}
