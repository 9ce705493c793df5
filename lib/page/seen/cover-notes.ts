/**
 * What the walk (visibility.ts) notes for `coveredBoxes` (lib/page/seen/covered-boxes.ts), which
 * asks after the walk which boxes of words another box covers: the boxes, placed or in the flow, that
 * may cover words (an opaque background or shadow) and the elements that draw an outline, the boxes
 * put below the flow, and the boxes whose own words were read. Kept apart from the walk's questions
 * of each element: these notes are only gathered as it goes, and asked once at its end. Pure DOM code.
 */
import { coveredOwners } from './covered-boxes';
import { mayCoverWords, outlines } from './cover-style';

export class CoverNotes {
  /** Boxes with an opaque background that are placed, flex or grid items or inline blocks (`mayCoverWords`), and elements that draw an outline: what may cover words. */
  private readonly covers: Element[] = [];
  /** Boxes put below the flow (a negative z-index), where every test is asked: hit-tested by `coveredBoxes`. */
  private readonly sunk: Element[] = [];
  /** The boxes whose own words were read, for `coveredBoxes` (kept only where there is layout). */
  private readonly owners: Element[] = [];
  /** Whether this walk notes the boxes that may cover words (not when an earlier walk gave them). */
  readonly noting: boolean;

  /** `given`: the boxes that may cover words, noted by an earlier reading walk of the whole page. */
  constructor(given: readonly Element[] | undefined) {
    this.noting = given === undefined;
    if (given) this.covers.push(...given);
  }

  /** An outline is drawn over whatever its ring holds, whatever the element's place: noted (one read). */
  outline(el: Element, style: CSSStyleDeclaration): void {
    if (this.noting && outlines(style)) this.covers.push(el);
  }

  /**
   * A box (not inline), whatever its place: noted when it hides what is under it and may be painted
   * over words not its own (`mayCoverWords`; `item`: a flex or grid item; its `position` and
   * `display` as the walk read them; `empty`: it holds nothing, and is asked more).
   */
  cover(el: Element, style: CSSStyleDeclaration, item: boolean, position: string, display: string, empty = false): void {
    // (Not twice: `shows` may have noted it for its outline.)
    if (!this.noting || this.covers[this.covers.length - 1] === el) return;
    if (mayCoverWords(style, item, position, display, empty)) this.covers.push(el);
  }

  /** A box put below the flow (a negative z-index): what an ancestor paints may cover it. */
  sink(el: Element): void {
    this.sunk.push(el);
  }

  /** A box whose own words were read. */
  owner(el: Element): void {
    this.owners.push(el);
  }

  /** The boxes whose words another box covers where they are in view (`coveredOwners`). */
  covered(doc: Document, view: Window, measured: boolean): Set<Element> {
    if (this.owners.length === 0) return new Set();
    return coveredOwners(doc, view, this.covers, this.owners, measured, this.sunk);
  }

  /** The boxes that may cover words, noted by this walk (and given to it). */
  get boxes(): readonly Element[] {
    return this.covers;
  }
}
