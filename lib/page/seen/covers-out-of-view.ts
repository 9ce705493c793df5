/**
 * Where no hit test can tell (words below the first screen: the proof of a quote,
 * lib/page/find/quote-seen.ts; a frame or a player, lib/page/seen/box-shown.ts), whether a box, whatever
 * its place, covers a box of words: the one algorithm for covers out of view. The boxes that may
 * cover (cover-style.ts) are looked for once per proof, in the document's light tree, and CSS's
 * painting order (lib/page/seen/paint-order.ts) says which is over the words; an order it cannot
 * settle counts as covering (unknown is not seen). Pure DOM code.
 */
import { type Rect, cut, holds } from '@/lib/page/dom/geometry';
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { scrollsWithPage } from './cover';
import { Ancestry } from './ancestry';
import { isItem, PaintOrder, wordsOver } from './paint-order';
import { hidesUnder } from '@/lib/shared/seen/paint-rules';
import {
  borderRing,
  bordersHide,
  coverDrawn,
  hidesWhatIsUnder,
  liesOverWords,
  outlineRing,
  outlines,
  ringBands,
  ringHolds,
  type Ring,
} from './cover-style';
import { pseudoBoxes, type PseudoBox } from './pseudo-boxes';
import { pseudoHosts } from './pseudo-hosts';
import { PICTURE_TAGS } from './paint';
import { fixedInView, underAtEveryScroll, viewScroll, type ViewScroll } from './staying-lids';
import { stickyOf, underAtEveryStickyScroll, type Sticky } from './sticky-lids';
import { opaqueBackdrops, underBackdrop } from './top-layer';

/** A box that stays put over words as the page scrolls: what keeps it (fixed, or sticky), and the ring its border paints where it has no background (null: its whole box paints). */
interface Lid {
  keeps: 'fixed' | Sticky;
  border: Ring | null;
}

/**
 * Where no hit test can tell (words out of view: the proof of a quote, lib/page/find/quote-seen.ts), whether a
 * box placed over the page covers the words of `owner`, whose glyphs lie in `words`: one that hides
 * what is under it (`hidesWhatIsUnder`) or a picture, drawn fully opaque (an effect no rule settles does not excuse it), moving
 * with the page, whose box as the boxes around it leave it holds the words, and that CSS's painting
 * order does not put under them (lib/page/seen/paint-order.ts): an order it cannot settle counts as
 * covering (unknown is not seen).
 * The document's covers are looked for once per proof (of all the quotes asked together), in its light tree.
 */
export class CoversOutOfView {
  private covers: Element[] | null = null;
  private scroll: ViewScroll | null = null;
  private pseudo: Array<{ host: Element; box: PseudoBox }> | null = null;
  private hosts: Set<Element> | 'all' | null = null;
  /** The boxes of the top layer whose `::backdrop` hides the page (looked for once). */
  private backdrops: Element[] | null = null;
  /** Per box that may stay put over words, what keeps it there where it is drawn opaque (asked once). */
  private readonly lids = new Map<Element, Lid | null>();
  /** The covers with no background, and the ring each one's wide opaque border paints (found with the covers). */
  private readonly borders = new Map<Element, Ring>();
  /** The elements that draw an outline (found with the covers). */
  private readonly outlined: Element[] = [];
  private readonly order: PaintOrder;
  private readonly ancestry: Ancestry;

  constructor(
    private readonly doc: Document,
    private readonly view: Window,
  ) {
    this.order = new PaintOrder(view);
    this.ancestry = new Ancestry(view);
  }

  covered(owner: Element, words: Rect): boolean {
    if (this.underBackdrop(owner)) return true;
    const corners = [
      { x: words.left, y: words.top },
      { x: words.right, y: words.bottom },
    ];
    for (const cover of (this.covers ??= this.find())) {
      if (nodeOf.contains(cover, owner) || nodeOf.contains(owner, cover)) continue;
      const shown = this.ancestry.shownBox(cover);
      // (A box with no background covers only with the ring its wide border paints.)
      const border = this.borders.get(cover);
      const inRing = border === undefined || (ringHolds(border, words) && holds(shown ?? border, words));
      if (shown !== null && inRing && this.coversAt(cover, owner, corners, shown)) return true;
      if (shown !== null && this.lidOver(cover, shown, owner, words)) return true;
    }
    return this.underOutline(owner, words) || this.underPseudo(owner, words);
  }

  /**
   * Whether the opaque outline of an element other than `owner`, those around it and those in it
   * (theirs are painted-covers.ts's), holds all of `words`: an outline is drawn over the boxes and
   * words of its layer, unless CSS's painting order puts the words over a placed element's (an
   * order it cannot settle covers). Asked out of view: in view, the pixels at the click settle it
   * (asking here at every click would look through every element of the page: 1.07-1.44x the
   * click's time in bench:ask); the check before sending asks its own noted outlines
   * (covered-boxes.ts).
   */
  private underOutline(owner: Element, words: Rect): boolean {
    this.covers ??= this.find();
    for (const el of this.outlined) {
      if (nodeOf.contains(el, owner) || nodeOf.contains(owner, el)) continue;
      const cs = this.view.getComputedStyle(el);
      const ring = outlineRing(cs, elementOf.rect(el));
      if (ring === null || !ringHolds(ring, words) || !this.drawnOpaque(el)) continue;
      if (cs.position !== 'static' && wordsOver(this.order.above(el, owner))) continue;
      return true;
    }
    return false;
  }

  /** Whether an opaque `::backdrop` of a box in the top layer lies over the words of `owner` (top-layer.ts). */
  underBackdrop(owner: Element): boolean {
    return underBackdrop(owner, (this.backdrops ??= opaqueBackdrops(this.doc, this.view)));
  }

  /** Adds to `out` the boxes of `owners` under an opaque `::backdrop` (`underBackdrop`), for the check before sending. */
  underBackdropOf(owners: readonly Element[], out: Set<Element>): void {
    if ((this.backdrops ??= opaqueBackdrops(this.doc, this.view)).length === 0) return;
    for (const owner of owners) if (this.underBackdrop(owner)) out.add(owner);
  }

  /**
   * Whether a `::before` or `::after` box of an element other than `owner` and those around it
   * (theirs are painted-covers.ts's) holds all of `words`, drawn opaque, moving with the page, and
   * painted over them by CSS's painting order (an order it cannot settle covers): a sibling's
   * overlay laid over a paragraph. In view the hit test names its element; out of view, and for
   * the check before sending, this asks. Its candidates come from the page's style sheets (pseudo-hosts.ts).
   */
  underPseudo(owner: Element, words: Rect): boolean {
    for (const { host, box } of (this.pseudo ??= this.pseudoCovers())) {
      if (nodeOf.contains(host, owner) || !ringHolds(box, words)) continue;
      if (!wordsOver(this.order.generatedAbove(host, box.pseudo, box.z, owner))) return true;
    }
    return false;
  }

  /**
   * Adds to `out` the boxes of `owners` a pseudo-element covers (`underPseudo`), for the check
   * before sending (covered-boxes.ts). Not where the page's sheets cannot say which elements may
   * have one (another origin's): reading every element's pseudo-elements would cost the check as
   * much again; the proof before a claim is shown asks them all.
   */
  underPseudoOf(owners: readonly Element[], rectOf: (e: Element) => Rect, out: Set<Element>): void {
    if ((this.hosts ??= pseudoHosts(this.doc)) === 'all') return;
    if ((this.pseudo ??= this.pseudoCovers()).length === 0) return;
    for (const owner of owners) if (!out.has(owner) && this.underPseudo(owner, rectOf(owner))) out.add(owner);
  }

  private pseudoCovers(): Array<{ host: Element; box: PseudoBox }> {
    const hosts = (this.hosts ??= pseudoHosts(this.doc));
    const out: Array<{ host: Element; box: PseudoBox }> = [];
    for (const host of hosts === 'all' ? Array.from(docOf.all(this.doc, '*')) : hosts) {
      const boxes = pseudoBoxes(host, this.view);
      // (Whether its element moves with the page and is drawn opaque is asked once, here.)
      if (boxes.length === 0 || !scrollsWithPage(host, this.view) || !this.drawnOpaque(host)) continue;
      // As the boxes around its element that hide overflow leave it (a shadow spread across the
      // page from inside a box that clips it covers only that box).
      const clip = this.ancestry.contentClip(host);
      for (const box of boxes) {
        const shown = cut(box, clip);
        if (shown !== null) out.push({ host, box: { ...box, ...shown } });
      }
    }
    return out;
  }

  /**
   * Whether a box that stays put in the view lies over the words of `owner` (whose glyphs lie in
   * `words`) at every scroll position, opaque and on top: asked of words in view where the hit
   * test found such a box on them (the table takes it for one a reader scrolls away).
   */
  underLid(owner: Element, words: Rect): boolean {
    if (this.underBackdrop(owner)) return true;
    for (const cover of (this.covers ??= this.find())) {
      if (nodeOf.contains(cover, owner) || nodeOf.contains(owner, cover)) continue;
      const shown = this.ancestry.shownBox(cover);
      if (shown !== null && this.lidOver(cover, shown, owner, words)) return true;
    }
    return false;
  }

  /**
   * Adds to `out` the boxes of `owners` whose words `cover`, a box that stays put in the view,
   * lies over at every scroll position (staying-lids.ts), drawn opaque and on top by CSS's
   * painting order (an order it cannot settle covers). For the check before sending (covered-boxes.ts).
   */
  underStayingLid(cover: Element, owners: readonly Element[], rectOf: (e: Element) => Rect, out: Set<Element>): void {
    const shown = this.ancestry.shownBox(cover);
    if (shown === null) return;
    for (const owner of owners) {
      if (out.has(owner) || nodeOf.contains(cover, owner)) continue;
      if (this.lidOver(cover, shown, owner, rectOf(owner))) out.add(owner);
    }
  }

  /**
   * Whether `cover`, whose box as shown is `box`, is a lid that stays put over `words` of `owner`
   * at every scroll (fixed in the view: staying-lids.ts; sticky: sticky-lids.ts), opaque and on
   * top. Words that stay put too (in a fixed box) are under a fixed lid that holds them now. A lid
   * with no background covers with the bands of its wide border alone.
   */
  private lidOver(cover: Element, box: Rect, owner: Element, words: Rect): boolean {
    let lid = this.lids.get(cover);
    if (lid === undefined) this.lids.set(cover, (lid = this.lidOf(cover)));
    if (lid === null) return false;
    const { keeps, border } = lid;
    const scroll = (this.scroll ??= viewScroll(this.doc, this.view));
    const areas = border === null ? [box] : ringBands(border).flatMap((band) => cut(band, box) ?? []);
    const under = areas.some((area) =>
      keeps === 'fixed'
        ? underAtEveryScroll(words, area, scroll) || (holds(area, words) && !scrollsWithPage(owner, this.view))
        : words.left >= area.left &&
          words.right <= area.right &&
          underAtEveryStickyScroll(words, area, keeps, scroll, () => scrollsWithPage(owner, this.view)),
    );
    return under && !wordsOver(this.order.above(cover, owner));
  }

  /**
   * What keeps `cover` in the view as the page scrolls, where it is drawn opaque (fixed, or a
   * sticky box and what moves it), and the ring its border paints where it has no background;
   * null where it scrolls with the page, lets words show, or paints neither a background nor a
   * wide border (a box noted for its outline).
   */
  private lidOf(cover: Element): Lid | null {
    if (!this.drawnOpaque(cover)) return null;
    const keeps = fixedInView(cover, this.view) ? 'fixed' : stickyOf(cover, this.view);
    if (keeps === null) return null;
    const cs = this.view.getComputedStyle(cover);
    if (PICTURE_TAGS.has(elementOf.name(cover)) || hidesWhatIsUnder(cs)) return { keeps, border: null };
    // (One noted for its outline alone paints no lid: its ring is asked as an outline.)
    const border = borderRing(cs, elementOf.rect(cover));
    return border === null ? null : { keeps, border };
  }

  /**
   * Whether `cover`, whose box as its caller measures it is `box`, covers the words of `owner` at
   * `points` (the corners of their box, or the middles of the lines of them it lies over), where
   * no hit test tells: all of them lie in `box`, and the cover is drawn fully opaque, moves with
   * the page, and is not put under the words by CSS's painting order (an order it cannot settle
   * covers). The one test of a cover out of view, for the proof here and the check before
   * sending (covered-boxes.ts).
   */
  coversAt(cover: Element, owner: Element, points: readonly { x: number; y: number }[], box: Rect): boolean {
    for (const { x, y } of points) if (!holds(box, { left: x, top: y, right: x, bottom: y })) return false;
    // A cover drawn see-through lets the words show; one under an effect no rule settles (a
    // mask, a blend mode) may hide them or not: not known, so it covers.
    if (!this.drawnOpaque(cover) || !scrollsWithPage(cover, this.view)) return false;
    return !wordsOver(this.order.above(cover, owner));
  }

  /**
   * Whether `cover` is drawn opaque enough to hide what is under it: the product of the opacities
   * up its tree lets less through than a reader sees (`hidesUnder`, as in view: a lid at 0.95).
   */
  drawnOpaque(cover: Element): boolean {
    return hidesUnder(this.ancestry.look(cover).opacity);
  }

  private find(): Element[] {
    const out: Element[] = [];
    for (const el of docOf.all(this.doc, '*')) {
      const cs = this.view.getComputedStyle(el);
      if (outlines(cs) && coverDrawn(el)) this.outlined.push(el);
      // Whatever its place, where CSS's painting order may put it over words not its own (a grid
      // cell laid over another, a block pulled up over words; a picture, whatever it shows). (Whether
      // it is a flex or grid item, its parent's display, is asked only of one that may cover.)
      const whole = PICTURE_TAGS.has(elementOf.name(el)) || hidesWhatIsUnder(cs);
      if (!whole && !bordersHide(cs)) continue;
      if (!liesOverWords(cs, false) && !isItem(el, this.view)) continue;
      if (!coverDrawn(el)) continue;
      out.push(el);
      const border = whole ? null : borderRing(cs, elementOf.rect(el));
      if (border !== null) this.borders.set(el, border);
    }
    return out;
  }
}
