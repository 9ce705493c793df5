/**
 * What a reader of the page sees, element by element: what the text walk measures of each
 * element so that extraction never hands the model words the user cannot find. Every decision is
 * the one table of rules' (lib/shared/seen/seen.ts `judge`): the reading walk asks its cheap rows
 * (display, visibility, a box clipped to nothing), the check every row.
 *
 * Left out: script, style, template and the like; subtrees that are `display: none` or
 * `[hidden]`; text whose own style is `visibility: hidden`; boxes of (almost) no size that clip
 * their content away (the "visually hidden" pattern of screen-reader-only text). Kept, because a
 * reader can open them: closed `<details>` and `hidden="until-found"`, which the highlight opens
 * (only the box a reader opens is exempt: the check asks the box drawn in its place instead).
 *
 * Also left out, where there is layout, by the check of the passages about to be sent (a reading
 * walk, `paint: false`, asks only the tests above and notes what may cover words), words no
 * reader sees although they are "there" (the tricks of a page that wants to hand the model a
 * sentence the user never sees): text under `opacity: 0` or `content-visibility: hidden` and
 * light-DOM children a shadow root does not slot (all three: `checkVisibility`; and the content
 * of a box that is itself `content-visibility: hidden`), text of a transparent colour or of no
 * size, boxes that are positioned or transformed out of the page or to no area, or clipped to
 * nothing, and inline elements moved out of the page (`position: relative`). Only tests that cost
 * little per element: what a box's geometry says is measured once per positioned, transformed or
 * clipping box, and what it hides goes with all it holds. Text the colour of what is behind it is
 * left out too: the background colour of each box around words (and of an inline element that
 * paints one) is read once, and only words that match it are asked more (an image, another box
 * behind them). Text under another box is left out where it is in view: the walk notes the boxes
 * placed over the page with an opaque background (or shadow), and the boxes of words they hold,
 * pictures placed over the page, pseudo-elements and outlines are asked after the walk
 * (`coveredBoxes`, lib/page/seen/covered-boxes.ts). An outline's ring is never hit-tested: the walk
 * notes every element that draws one, and words in a box it holds are left out wherever they
 * are. Below the first screen no hit test tells without
 * scrolling, so it is proven for the quoted words only, by CSS's painting order, before a claim is
 * shown (lib/page/find/quote-seen.ts). The check
 * also measures each text node's own glyphs and what the boxes around it do to them (`wordsShow`:
 * opacity up the tree, masks, blend modes, filters, overflow), judged by the one table of rules
 * (lib/shared/seen/seen.ts); a page that lays nothing out (by its view's size, not its root's) shows
 * nothing to the check. The rules themselves are one pure table (lib/shared/seen/seen.ts).
 *
 * Asking for a computed style is most of the cost of a walk, so each element's is asked once,
 * and only for what decides: its display always; its visibility, colour, font size and
 * `checkVisibility` only when it holds words itself (a box or an inline element: a page can
 * hide words in a `<span>` as well as in a `<p>`); its overflow, position, transform and
 * clip-path only when it is a box with something inside; an inline element's position and
 * background only in the check. Pure DOM code.
 *
 * The walk's parts live beside it: the rows it asks (walk-rows.ts), its record of each box it is
 * in (box-record.ts), what a box's geometry leaves (box-place.ts), whether words stand out from
 * what is behind them (glyph-paint.ts), what it notes for `coveredBoxes` (cover-notes.ts), what
 * a reader can open (openable.ts), and the elements never entered (never-text.ts).
 */
import { laysOut } from '@/lib/page/dom/geometry';
import { docOf, elementOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { TRANSPARENT, type Reach } from './paint';
import { picturesOf, type Pictures } from './pictures';
import { Ancestry, type WordsMeasured } from './ancestry';
import { ASK, isSeen, textShows, type StyleRef } from './walk-rows';
import { boxDrawn, boxRecord, type BoxRecord } from './box-record';
import { clippedAway, inlineMovedAway, pageReach, placedAway } from './box-place';
import { CoverNotes } from './cover-notes';
import { GlyphPaint } from './glyph-paint';
import { drawn } from './openable';
import type { SeenVerdict } from '@/lib/shared/seen/seen';
import type { CharRun, Measured } from '@/lib/shared/seen/measured';

export interface VisibilityOptions {
  /**
   * False: a reading walk, which asks each element only what costs least (display, visibility,
   * boxes clipped away) and notes the boxes that may cover words. The other tests (opacity,
   * colour, size, transforms, clipping, covers) are then asked only of the words about to be
   * sent, by a walk restricted to them (lib/page/read/passage-check.ts). Default true: every test.
   */
  paint?: boolean;
  /** Boxes that may cover words, noted by an earlier reading walk of the whole page. */
  covers?: readonly Element[];
  /**
   * Where glyphs are measured (the check): the pictures behind words, settled by their pixels
   * (default: the window's own, lib/page/seen/pictures.ts). Words over a picture not read yet count as unseen, and
   * the picture is noted for the check to read (`Pictures.pending`) before it walks again.
   */
  pictures?: Pictures;
  /**
   * Where every test is asked: also measure each text node's own glyphs and what the boxes
   * around them do to them (lib/page/seen/ancestry.ts: opacity up the tree, masks, blend modes and
   * filters, overflow that cuts them off). The check of passages about to be sent asks it;
   * anchoring does not (the proof measures the quote's own words, lib/page/find/quote-seen.ts).
   */
  glyphs?: boolean;
  /**
   * With every test and `glyphs`: a walk that reads what a reading walk reads (only the cheap
   * rows leave words out) and notes, in `unseen`, the text nodes whose words the other rows say
   * no reader sees: a reading and the check of all it read, in one walk (lib/page/read/dom-text.ts `check`).
   */
  marksUnseen?: boolean;
}

/** What the walk does with the words of an element: reads them, leaves them out, or (`marksUnseen`) reads them as unseen. */
export type TextVerdict = 'seen' | 'left-out' | 'unseen';

/** The visibility rules for the elements of one document, asked in walk order. */
export class Visibility {
  /**
   * Sizes mean something only where a browser lays the document out: a layout engine (not
   * happy-dom, not a DOMParser document, which have no `elementsFromPoint`).
   */
  readonly hasLayout: boolean;
  /**
   * Where there is a layout engine: whether the page lays anything out, judged by its view
   * (`innerWidth`, `innerHeight`), never by the root's `clientWidth` (a page in quirks mode with
   * `html { width: 0 }` reports none). Where it lays nothing out, every test that measures
   * answers "not shown" (lib/shared/seen/seen.ts).
   */
  readonly laysOut: boolean;
  private readonly ancestry: Ancestry | null;
  /** After `shows` returned true: the element's computed display ('' when unknown). */
  display = '';
  /** After `shows` returned true: the element's style, for its own text and its children. */
  style: StyleRef = null;
  private readonly view: Window | null;
  private readonly doc: Document | null;
  private reachCache: Reach | null = null;
  /** `reach`, as the box geometry asks it (box-place.ts): made once, not once per element. */
  private readonly reachOf = (): Reach => this.reach();
  /**
   * Where there is layout: the boxes around the words being read, outermost first (the walker
   * says when it enters and leaves one), one record each (box-record.ts): its style and what is
   * asked of it once.
   */
  private readonly boxes: BoxRecord[] = [];
  /** Where every test is asked: whether words stand out from what is painted behind them. */
  private readonly glyphPaint: GlyphPaint | null;
  /** What may cover words, and the boxes whose own words were read, for `coveredBoxes`. */
  private readonly notes: CoverNotes;
  /** Boxes left out with all they hold (none: the check takes covered boxes out of what it read). */
  private readonly leaveOut: ReadonlySet<Element> | null;
  /**
   * False for a reading walk (`VisibilityOptions.paint`): only display, visibility and boxes
   * clipped away are asked, and the boxes that may cover words are noted.
   */
  readonly paint: boolean;
  /** The table's rows for an element's display: the cheap ones in a reading walk, all in the check. */
  private readonly askDisplay: (m: Measured) => SeenVerdict;
  private readonly displayMeasured: { display: string; opens: boolean } = { display: '', opens: false };
  /** `VisibilityOptions.marksUnseen`: the text nodes read whose words no reader sees; null: such words are left out. */
  readonly unseen: Set<Text> | null;
  /**
   * Where glyphs are measured (`wordsShow`): the text nodes some of whose words are seen and
   * some not (a line clamp, a line cut off by a box), with the runs of their characters not seen.
   */
  readonly partlyHidden = new Map<Text, readonly CharRun[]>();

  constructor(doc: Document | null, leaveOut: ReadonlySet<Element> | null = null, options: VisibilityOptions = {}) {
    const view = doc === null ? null : docOf.view(doc);
    this.doc = doc;
    this.leaveOut = leaveOut !== null && leaveOut.size > 0 ? leaveOut : null;
    this.paint = options.paint ?? true;
    this.notes = new CoverNotes(options.covers);
    this.askDisplay = ASK.display[this.paint ? 0 : 1];
    this.view = view && typeof view.getComputedStyle === 'function' ? view : null;
    this.hasLayout = this.view !== null && docOf.hitTests(doc as Document);
    this.laysOut = this.hasLayout && laysOut(this.view);
    this.ancestry = this.paint && this.hasLayout && options.glyphs === true ? new Ancestry(this.view!) : null;
    this.unseen = this.paint && options.marksUnseen === true ? new Set() : null;
    // Only the check settles pictures (it can wait for them); anchoring reads words over a picture
    // against the colour under it, as it reads covered words, and the proof of a quote decides.
    const pictures: Pictures | null = options.pictures ?? (this.ancestry !== null ? picturesOf(this.view!) : null);
    this.glyphPaint = this.paint && this.hasLayout ? new GlyphPaint(doc!, this.view!, pictures, this.ancestry !== null) : null;
  }

  /**
   * After `textShows` said yes, where every test is asked with `glyphs`: whether the words of the
   * text node `node` are seen, by what is measured of them (lib/shared/seen/seen.ts): the opacity they
   * are drawn at, masks, blend modes and filters on the way up, and their own glyphs as drawn and
   * cut by the boxes around them. Words a reader opens (closed `<details>`, `until-found`) have
   * no glyphs yet: the box that holds them is measured in their place.
   */
  wordsShow(node: Text): boolean {
    const ancestry = this.ancestry;
    if (ancestry === null) return true;
    const parent = flatParentElement(node);
    if (parent === null) return false;
    const host = ancestry.openable(parent);
    const measured: WordsMeasured =
      host === null ? ancestry.words(node, this.reach()) : { ...ancestry.hostBox(host, this.reach()), ...ancestry.look(parent) };
    const seen = isSeen(
      ASK.words({ layout: this.laysOut, opacity: measured.opacity, effects: measured.effects, glyphs: measured.glyphs }),
    );
    if (seen && measured.hidden !== undefined) this.partlyHidden.set(node, measured.hidden);
    return seen;
  }

  /**
   * What the walk does with the words whose parent (in the flat tree) is `owner`, of computed
   * style `style`: read them when they are drawn for a reader: its visibility, and where there is layout, `checkVisibility` (opacity 0 on
   * the way up, `content-visibility: hidden` above, no box: an unslotted child), a colour that is
   * neither transparent nor that of what is behind it, and a font size. `owner` is a box or an
   * inline element (a link, a bold word: the same tricks hide words in one); null when the words
   * are drawn in the nearest box's (a `display: contents` element, a slot). Asked once per
   * element that holds words. Where words are marked (`marksUnseen`), words that pass the reading's
   * rows but not the others are read as unseen.
   */
  textVerdict(owner: Element | null, style: StyleRef): TextVerdict {
    // (The cheap rows leave words out of any reading; the others, where words are marked, make them unseen.)
    if (!textShows(style, !this.paint)) return 'left-out';
    return this.textShows(owner, style) ? 'seen' : this.unseen !== null ? 'unseen' : 'left-out';
  }

  /** After the cheap rows said the words are read (`textVerdict`): whether every other row says they are seen. */
  private textShows(owner: Element | null, style: StyleRef): boolean {
    if (!this.paint || !this.hasLayout || style === null || typeof style !== 'object') return true;
    // A page that lays nothing out (a tab woken behind the others): nothing is measured, so the
    // check shows nothing; anchoring still finds the words, and the proof says they are unproven.
    if (!this.laysOut) return this.ancestry === null;
    const boxes = this.boxes;
    const top = boxes.length - 1;
    const isBox = owner !== null && top >= 0 && boxes[top]!.el === owner;
    // Where the glyphs are measured (`wordsShow`), an inline element between the box and its words
    // adds nothing `checkVisibility` would tell (its opacity is in the product up the tree, it has
    // no `content-visibility`, without a box it has no glyphs): only the box is asked, once.
    if (owner === null || isBox || this.ancestry !== null) {
      if (top >= 0 && !boxDrawn(boxes[top]!)) return false;
    } else if (!drawn(owner)) {
      // (An inline element: `checkVisibility` of it asks its box and every box above as well.)
      return false;
    }
    const verdict = this.glyphPaint!.verdict(boxes, owner, isBox, style);
    if (verdict === 'unseen') return false;
    // The words of `owner` are read, by their fill or by a stroke or a shadow alike; a box's are
    // kept for `coveredBoxes` (a box over stroked words covers them as surely).
    if (isBox) this.notes.owner(owner!);
    return true;
  }

  /** The walker enters `el`, an element with a box of its own (not inline, not `display: contents`). */
  enterBox(el: Element, style: StyleRef): void {
    if (!this.paint || !this.hasLayout || style === null || typeof style !== 'object') return;
    this.boxes.push(boxRecord(el, style));
  }

  /**
   * The walker enters `el`, an inline element: where every test is asked, one that paints a
   * background of its own is kept as a box (its words are judged against that background, and it
   * against the box around it). True when kept: the walker then leaves it (`leaveBox`).
   */
  enterInline(el: Element, style: StyleRef): boolean {
    if (!this.paint || !this.hasLayout || style === null || typeof style !== 'object') return false;
    if (style.backgroundColor === TRANSPARENT && (style.backgroundImage === 'none' || style.backgroundImage === '')) return false;
    this.enterBox(el, style);
    return true;
  }

  /** The walker leaves the box it entered last (`enterBox`); a no-op where that one was not kept. */
  leaveBox(el: Element): void {
    if (this.boxes[this.boxes.length - 1]?.el !== el) return;
    this.boxes.pop();
  }

  /**
   * False when a reader can neither see `el` nor open it: it and all it holds are left out.
   * Otherwise `display` and `style` are now `el`'s. `parentStyle` is the style of its parent in
   * the flat tree.
   */
  shows(el: Element, parentStyle: StyleRef): boolean {
    if (this.leaveOut !== null && this.leaveOut.has(el)) return false;
    // hidden="until-found" is found by find-in-page and opened by our highlight, so it is read.
    // With a browser's styles, [hidden] is display: none and until-found is not, so the computed
    // display says it all; elsewhere the attribute is read.
    let untilFound = false;
    if (!this.hasLayout && elementOf.hasAttribute(el, 'hidden')) {
      untilFound = elementOf.attribute(el, 'hidden')!.toLowerCase() === 'until-found';
      if (!isSeen(this.askDisplay({ display: 'none', opens: untilFound }))) return false;
    }
    let display = '';
    let style: StyleRef = null;
    try {
      if (this.view) {
        const cs = this.view.getComputedStyle(el);
        display = cs.display;
        style = cs;
        this.ancestry?.know(el, cs, display);
      } else {
        // No window (a document from DOMParser in a browser): inline styles are all we can read.
        const inline = (el as HTMLElement).style;
        display = inline?.display ?? '';
        const v = inline?.visibility ?? '';
        style = v
          ? isSeen(ASK.visibility[this.paint ? 0 : 1]({ visibility: v }))
          : typeof parentStyle === 'boolean'
            ? parentStyle
            : true;
      }
    } catch {
      // An element the style system does not know (a foreign namespace): read as inline text.
    }
    // (Asked of every element: one record, filled in place, not a new object each time.)
    const m = this.displayMeasured;
    m.display = display;
    m.opens = untilFound;
    if (!isSeen(this.askDisplay(m))) return false;
    this.display = display;
    this.style = style;
    // An outline is drawn over whatever its ring holds, whatever the element's place: noted (one
    // read) for `coveredBoxes`, which measures its ring.
    if (this.hasLayout && typeof style === 'object' && style !== null) this.notes.outline(el, style);
    return true;
  }

  /**
   * After `shows(el)`: true when `el` is a box of (almost) no size that hides what overflows it,
   * so that nothing inside it shows. Ask only of an element that holds something: an empty box
   * hides nothing.
   */
  clipsAway(el: Element, item = false): boolean {
    const display = this.display;
    const style = this.style;
    // Absolutely positioned boxes are blockified, so an inline box never clips; most elements
    // are inline, and asking them nothing more is what keeps the reading walk fast. The check
    // asks one thing more of an inline element: whether it is moved (`position: relative`) off
    // the page, taking its words with it.
    if (!this.hasLayout || display === 'contents') return false;
    // Where each text node's own glyphs are measured (`wordsShow`), they say where the words are
    // after every move, transform and clip: the box's geometry is not asked here as well.
    const measured = this.ancestry !== null;
    if (display === 'inline') return this.paint && !measured && inlineMovedAway(el, style, this.reachOf);
    if (style === null || typeof style !== 'object') return false;
    const overflowX = measured ? this.ancestry!.overflowX(el, style) : style.overflowX;
    if (!isSeen(ASK.clippedAway[this.paint ? 0 : 1]({ clippedAway: clippedAway(el, style, overflowX) }))) return true;
    // Positioned or transformed: measured once, here; what it holds goes with it.
    const position = measured ? this.ancestry!.position(el, style) : style.position;
    // Put below the flow (a negative z-index), where every test is asked: what an ancestor paints may cover it.
    if (this.paint && position !== 'static' && parseInt(style.zIndex, 10) < 0) this.notes.sink(el);
    // A check whose glyphs are measured, given the covers: nothing more to ask here.
    if (measured && !this.notes.noting) return false;
    // A box with an opaque background may cover words whatever its place (coveredBoxes asks).
    this.notes.cover(el, style, item, position, display);
    if (!this.paint || measured) return false;
    return placedAway(el, style, position, this.reachOf);
  }

  /**
   * After `shows(el)`, for a box with nothing inside (the walk asks no more of it): whether it is
   * a box that may cover words, placed over the page or, in the flow, made a stacking context (a
   * block moved over words by a transform: an empty box is asked what a box with words is not).
   */
  noteEmptyBox(el: Element, item = false): void {
    const display = this.display;
    const style = this.style;
    if (!this.hasLayout || display === 'inline' || display === 'contents') return;
    if (style === null || typeof style !== 'object') return;
    this.notes.cover(el, style, item, style.position, display, true);
  }

  /**
   * The boxes whose words another box covers where they are in view (lib/page/seen/covered-boxes.ts):
   * asked after a walk, of the boxes whose own words it read.
   */
  coveredBoxes(): Set<Element> {
    if (!this.hasLayout) return new Set();
    return this.notes.covered(this.doc!, this.view!, this.ancestry !== null);
  }

  /** The boxes placed over the page that may cover words, noted by this walk (and given to it). */
  get coverBoxes(): readonly Element[] {
    return this.notes.boxes;
  }

  /** What the page can scroll to, asked once per walk (the walk changes no layout). */
  private reach(): Reach {
    return (this.reachCache ??= pageReach(this.doc, this.view!));
  }
}
