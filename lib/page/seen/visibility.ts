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
 * shown (lib/page/find/drawn.ts). The check
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
 */
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { canvasColour, paintAgainstBackground, paintedOtherwise, PaintedBoxes } from './behind';
import { coveredOwners, hidesWhatIsUnder, outlines } from './covered-boxes';
import { clipHides, paintMeasured, parseColor, placeHides, securityShows, TRANSPARENT, type Reach, type Rgba } from './paint';
import { backdropOf, isPicture, type Backdrop } from './backdrops';
import type { PictureBehind } from './picture-layers';
import { picturesOf, type Pictures } from './pictures';
import { Ancestry, type WordsMeasured } from './ancestry';
import type { CharRun } from './seen';
import { readableColour } from './colour';
import { asker, type Measured, type SeenVerdict } from '@/lib/shared/seen/seen';

/** Elements whose content is never visible page text. */
export const NEVER_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'svg',
  'canvas',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'video',
  'audio',
  'picture',
  'img',
  'input',
  'textarea',
  'select',
  'option',
  'optgroup',
  'datalist',
  'param',
  'source',
  'track',
  'map',
  'area',
]);

/**
 * The table's rows (lib/shared/seen/seen.ts) for what each step of the walk measures, asked of every
 * element: only the rows that read it, cheap ones only in a reading walk (`VisibilityOptions.paint`).
 */
const ASK = {
  display: [asker(['display', 'opens']), asker(['display', 'opens'], true)],
  visibility: [asker(['visibility']), asker(['visibility'], true)],
  clippedAway: [asker(['clippedAway']), asker(['clippedAway'], true)],
  words: asker(['layout', 'rendered', 'opacity', 'effects', 'glyphs']),
  paint: asker(['fontPx', 'alpha', 'contrast']),
  rendered: asker(['rendered']),
  place: asker(['place']),
} as const;

const isSeen = (v: SeenVerdict) => v.seen === 'seen';

/** What `textShows` measures, asked of every element that holds words: one record, filled in place. */
const VISIBILITY_MEASURED: { visibility: string } = { visibility: '' };

/**
 * What the walk knows of an element's style: its computed style (read lazily, only what is
 * needed), or, in a document without a window, whether its text is visible by its inline style
 * (inherited); null when nothing is known.
 */
export type StyleRef = CSSStyleDeclaration | boolean | null;

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
   * anchoring does not (the proof measures the quote's own words, lib/page/find/drawn.ts).
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
  /**
   * Where there is layout: the boxes around the words being read, outermost first (the walker
   * says when it enters and leaves one), their styles, and the opaque colour painted behind each
   * one's content (lib/page/seen/backdrops.ts; undefined: not asked yet; null: not known, a colour
   * not read). Each box's background is read at most once, and only once words inside it are.
   */
  private readonly boxes: Element[] = [];
  private readonly boxStyles: CSSStyleDeclaration[] = [];
  private readonly behind: Array<Backdrop | undefined> = [];
  private readonly pictures: Pictures | null;
  /** Whether each box shows what it holds (`boxDrawn`; undefined: not asked yet). */
  private readonly drawn: Array<boolean | undefined> = [];
  /** Per box: for each paint of words that matches its background, whether such words are seen in it. */
  private readonly lost: Array<Map<string, boolean> | undefined> = [];
  /** What each colour and size measure to with no background (`paintMeasured`), and each colour over each background. */
  private readonly paints = new Map<string, Measured>();
  private readonly matches = new Map<Rgba, Map<string, Measured>>();
  private canvas: Rgba | null | undefined;
  /** What may be painted behind words out of view, found once per walk (`paintAgainstBackground`). */
  private painted: PaintedBoxes | null = null;
  /** Boxes placed over the page (`position: absolute`) with an opaque background, and elements that draw an outline: what may cover words. */
  private readonly covers: Element[] = [];
  /** Boxes put below the flow (a negative z-index), where every test is asked: hit-tested by `coveredBoxes`. */
  private readonly sunk: Element[] = [];
  /** The boxes whose own words were read, for `coveredBoxes` (kept only where there is layout). */
  private readonly owners: Element[] = [];
  /** Boxes left out with all they hold (none: the check takes covered boxes out of what it read). */
  private readonly leaveOut: ReadonlySet<Element> | null;
  /**
   * False for a reading walk (`VisibilityOptions.paint`): only display, visibility and boxes
   * clipped away are asked, and the boxes that may cover words are noted.
   */
  readonly paint: boolean;
  /** Whether this walk notes the boxes that may cover words (not when an earlier walk gave them). */
  private readonly notesCovers: boolean;
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
    this.notesCovers = options.covers === undefined;
    this.askDisplay = ASK.display[this.paint ? 0 : 1];
    if (options.covers) this.covers.push(...options.covers);
    this.view = view && typeof view.getComputedStyle === 'function' ? view : null;
    this.hasLayout = this.view !== null && docOf.hitTests(doc as Document);
    this.laysOut = this.hasLayout && this.view!.innerWidth > 0 && this.view!.innerHeight > 0;
    this.ancestry = this.paint && this.hasLayout && options.glyphs === true ? new Ancestry(this.view!) : null;
    this.unseen = this.paint && options.marksUnseen === true ? new Set() : null;
    // Only the check settles pictures (it can wait for them); anchoring reads words over a picture
    // against the colour under it, as it reads covered words, and the proof of a quote decides.
    this.pictures = options.pictures ?? (this.ancestry !== null ? picturesOf(this.view!) : null);
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
      host === null ? ancestry.words(node, this.reach()) : { ...ancestry.box(host, this.reach(), 1), ...ancestry.look(parent) };
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
    const top = this.boxes.length - 1;
    const isBox = owner !== null && top >= 0 && this.boxes[top] === owner;
    // Where the glyphs are measured (`wordsShow`), an inline element between the box and its words
    // adds nothing `checkVisibility` would tell (its opacity is in the product up the tree, it has
    // no `content-visibility`, without a box it has no glyphs): only the box is asked, once.
    if (owner === null || isBox || this.ancestry !== null) {
      if (top >= 0 && !this.boxDrawn(top)) return false;
    } else if (!drawn(owner)) {
      // (An inline element: `checkVisibility` of it asks its box and every box above as well.)
      return false;
    }
    // What fills the glyphs is their colour: -webkit-text-fill-color where it is set.
    // Glyphs drawn as discs or squares (`-webkit-text-security`, a password's look) show no word.
    if (this.ancestry !== null && !securityShows(textSecurity(style))) return false;
    const raw = glyphColour(style);
    const fontSize = style.fontSize;
    // A page uses a few colours and sizes: each pair is measured once per walk.
    const paint = `${raw} ${fontSize}`;
    let looks = this.paints.get(paint);
    if (looks === undefined) {
      looks = paintMeasured({ color: readableColour(raw), fontSize, background: null });
      this.paints.set(paint, looks);
    }
    const painter = owner ?? this.boxes[top] ?? null;
    const alone = ASK.paint(looks);
    if (alone.seen !== 'seen') {
      // Transparent glyphs may be painted otherwise (a stroke, a shadow, a background clipped to the text): asked only then.
      if (alone.why !== 'transparent' || painter === null) return false;
      return isSeen(ASK.paint({ ...looks, paintedOtherwise: paintedOtherwise(painter, style, this.view!) }));
    }
    // The colour of what is behind them (white on white): the background colours of the boxes
    // around them, read once per box; only words that match them are asked more, once per box
    // and paint (the links of a menu over a picture are all asked as one; a shadow or a stroke
    // that makes one of them seen does not vouch for the others).
    const backdrop = this.backgroundOf(top);
    if (isPicture(backdrop) && this.pictures !== null) return this.standsOutFrom(backdrop, owner, isBox, raw, fontSize);
    const background = isPicture(backdrop) ? backdrop.base : backdrop;
    if (painter === null || background === null) return this.owned(owner, isBox);
    // A box's first line may be painted in a colour of its own (`::first-line`): where glyphs are
    // measured, it is judged against the same background (its words are left out when it is not seen).
    if (isBox && this.ancestry !== null && !this.firstLineShows(owner!, raw, background)) return false;
    let matches = this.matches.get(background);
    if (matches === undefined) this.matches.set(background, (matches = new Map()));
    let over = matches.get(paint);
    if (over === undefined) matches.set(paint, (over = paintMeasured({ color: readableColour(raw), fontSize, background })));
    if (isSeen(ASK.paint(over))) return this.owned(owner, isBox);
    const glyphs = `${paint} ${style.textShadow} ${style.getPropertyValue('-webkit-text-stroke-width')} ${style.getPropertyValue('-webkit-text-fill-color')}`;
    let shows = this.lost[top]?.get(glyphs);
    if (shows === undefined) {
      shows = isSeen(
        ASK.paint(
          paintAgainstBackground(painter, style, this.view!, (this.painted ??= new PaintedBoxes(this.view!)), this.pictures),
        ),
      );
      if (top >= 0) (this.lost[top] ??= new Map()).set(glyphs, shows);
    }
    return shows && this.owned(owner, isBox);
  }

  /**
   * Whether words painted `raw` at `fontSize` (and a box's first line, in its own colour) stand
   * out from every colour of the picture behind them, by its pixels (lib/page/seen/pictures.ts): a
   * picture not read yet leaves them unseen until the check reads it and walks again.
   */
  private standsOutFrom(picture: PictureBehind, owner: Element | null, isBox: boolean, raw: string, fontSize: string): boolean {
    const judge = (colour: string, size: string) => this.pictures?.judge(picture, readableColour(colour), size) === 'seen';
    if (!judge(raw, fontSize)) return false;
    if (isBox && this.ancestry !== null) {
      const first = this.view!.getComputedStyle(owner!, '::first-line');
      const colour = glyphColour(first);
      if (colour !== raw && colour !== '' && colour !== undefined && !judge(colour, first.fontSize)) return false;
    }
    return this.owned(owner, isBox);
  }

  /** Whether the first line of the box `box`, whose words are painted `raw`, is seen over `background`. */
  private firstLineShows(box: Element, raw: string, background: Rgba): boolean {
    const first = this.view!.getComputedStyle(box, '::first-line');
    const colour = glyphColour(first);
    if (colour === raw || colour === '' || colour === undefined) return true;
    return isSeen(ASK.paint(paintMeasured({ color: readableColour(colour), fontSize: first.fontSize, background })));
  }

  /** The words of `owner` are read; a box's are kept for `coveredBoxes`. */
  private owned(owner: Element | null, isBox: boolean): true {
    if (isBox) this.owners.push(owner!);
    return true;
  }

  /**
   * Whether the box `boxes[i]` shows what it holds, asked once per box, and only once words in it
   * are read: `checkVisibility`, and its own `content-visibility: hidden` (which hides its
   * content, not itself).
   */
  private boxDrawn(i: number): boolean {
    const known = this.drawn[i];
    if (known !== undefined) return known;
    const box = this.boxes[i]!;
    let out = isSeen(ASK.rendered({ rendered: drawn(box) && this.boxStyles[i]!.contentVisibility !== 'hidden' }));
    if (!out) {
      // A box a reader opens (closed <details>, until-found) is not drawn yet: the box drawn in
      // its place is asked (asked only once a test said no: it reads every ancestor).
      const host = openableHost(box);
      out = host !== null && isSeen(ASK.rendered({ rendered: drawn(host) }));
    }
    this.drawn[i] = out;
    return out;
  }

  /** The walker enters `el`, an element with a box of its own (not inline, not `display: contents`). */
  enterBox(el: Element, style: StyleRef): void {
    if (!this.paint || !this.hasLayout || style === null || typeof style !== 'object') return;
    this.boxes.push(el);
    this.boxStyles.push(style);
    this.behind.push(undefined);
    this.drawn.push(undefined);
    this.lost.push(undefined);
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
    if (this.boxes[this.boxes.length - 1] !== el) return;
    this.boxes.pop();
    this.boxStyles.pop();
    this.behind.pop();
    this.drawn.pop();
    this.lost.pop();
  }

  /** What is painted behind the content of `boxes[i]` (lib/page/seen/backdrops.ts), from the backgrounds around it. */
  private backgroundOf(i: number): Backdrop {
    if (i < 0) return this.canvasColour();
    const known = this.behind[i];
    if (known !== undefined) return known;
    const out = backdropOf(
      this.boxStyles[i]!,
      () => this.backgroundOf(i - 1),
      (v) => parseColor(readableColour(v)),
    );
    this.behind[i] = out;
    return out;
  }

  /** What the browser paints behind the root (`canvasColour`), asked once per walk. */
  private canvasColour(): Rgba | null {
    if (this.canvas === undefined) this.canvas = canvasColour(this.doc!, this.view!);
    return this.canvas;
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
    if (this.notesCovers && this.hasLayout && typeof style === 'object' && style !== null && outlines(style))
      this.covers.push(el);
    return true;
  }

  /**
   * After `shows(el)`: true when `el` is a box of (almost) no size that hides what overflows it,
   * so that nothing inside it shows. Ask only of an element that holds something: an empty box
   * hides nothing.
   */
  clipsAway(el: Element): boolean {
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
    if (display === 'inline') return this.paint && !measured && this.inlineMovedAway(el, style);
    if (style === null || typeof style !== 'object') return false;
    const overflowX = measured ? this.ancestry!.overflowX(el, style) : style.overflowX;
    if (!isSeen(ASK.clippedAway[this.paint ? 0 : 1]({ clippedAway: clippedAway(el, style, overflowX) }))) return true;
    // Positioned or transformed: measured once, here; what it holds goes with it.
    const position = measured ? this.ancestry!.position(el, style) : style.position;
    // Put below the flow (a negative z-index), where every test is asked: what an ancestor paints may cover it.
    if (this.paint && position !== 'static' && parseInt(style.zIndex, 10) < 0) this.sunk.push(el);
    // A check whose glyphs are measured, given the covers: nothing more to ask here.
    if (measured && !this.notesCovers) return false;
    if (position === 'absolute') this.noteCover(el, style);
    if (!this.paint || measured) return false;
    const moved = position !== 'static';
    const transformed = isTransformed(el, style);
    // (`clip` applies to positioned boxes only: a box in the flow is asked its `clip-path` alone.)
    if (!moved && !transformed) return clipsTo(clipHides('auto', style.clipPath, position));
    // A box of no size in the flow may show what overflows it; a transform to no area shows
    // nothing. What is inside a closed <details> has no box until opened: it is read (the
    // closed <details> itself has one).
    let place = placeHides(elementOf.rect(el), this.reach());
    if (place === 'no-area' && !transformed) place = null;
    if (!isSeen(ASK.place({ place })) && !insideOpenable(flatParentElement(el) ?? el)) return true;
    return clipsTo(clipHides(style.clip, style.clipPath, position));
  }

  /** Whether the inline element `el` is positioned (relative, sticky) entirely outside the page. */
  private inlineMovedAway(el: Element, style: StyleRef): boolean {
    if (style === null || typeof style !== 'object') return false;
    const position = style.position;
    if (position !== 'relative' && position !== 'sticky') return false;
    const place = placeHides(elementOf.rect(el), this.reach());
    return place === 'outside' && !isSeen(ASK.place({ place })) && !insideOpenable(el);
  }

  /**
   * After `shows(el)`, for a box with nothing inside (the walk asks no more of it): whether it is
   * a box placed over the page that may cover words.
   */
  noteEmptyBox(el: Element): void {
    const display = this.display;
    const style = this.style;
    if (!this.hasLayout || display === 'inline' || display === 'contents') return;
    if (style === null || typeof style !== 'object' || style.position !== 'absolute') return;
    this.noteCover(el, style);
  }

  private noteCover(el: Element, style: CSSStyleDeclaration): void {
    // (Not twice: `shows` may have noted it for its outline.)
    if (this.notesCovers && hidesWhatIsUnder(style) && this.covers[this.covers.length - 1] !== el) this.covers.push(el);
  }

  /**
   * The boxes whose words another box covers where they are in view (lib/page/seen/covered-boxes.ts):
   * asked after a walk, of the boxes whose own words it read.
   */
  coveredBoxes(): Set<Element> {
    if (this.owners.length === 0 || !this.hasLayout) return new Set();
    return coveredOwners(this.doc!, this.view!, this.covers, this.owners, this.ancestry !== null, this.sunk);
  }

  /** The boxes placed over the page that may cover words, noted by this walk (and given to it). */
  get coverBoxes(): readonly Element[] {
    return this.covers;
  }

  /** What the page can scroll to, asked once per walk (the walk changes no layout). */
  private reach(): Reach {
    if (this.reachCache) return this.reachCache;
    const view = this.view!;
    const root = this.doc === null ? null : (docOf.scrolling(this.doc) ?? docOf.root(this.doc));
    this.reachCache = {
      scrollX: view.scrollX,
      scrollY: view.scrollY,
      width: Math.max(root?.scrollWidth ?? 0, view.innerWidth),
      height: Math.max(root?.scrollHeight ?? 0, view.innerHeight),
    };
    return this.reachCache;
  }
}

/**
 * Whether `el` is inside what a reader can open and the highlight opens: a closed `<details>`
 * (not its summary, which shows) or `hidden="until-found"`. Such content has no box until then,
 * so the tests of boxes would say it is not drawn. Asked only once a test has said no.
 */
export function insideOpenable(el: Element): boolean {
  return openableHost(el) !== null;
}

/**
 * Where `el` is inside what a reader can open (`insideOpenable`): the box drawn in its place, which
 * every test asks instead (the outermost closed `<details>`, whose summary is drawn, or what holds
 * the outermost `until-found` element); null otherwise. Only the box a reader opens is exempt:
 * what holds it is tested as for any words.
 */
export function openableHost(el: Element): Element | null {
  let host: Element | null = null;
  for (let e: Element | null = el; e; e = flatParentElement(e)) {
    if (elementOf.attribute(e, 'hidden')?.toLowerCase() === 'until-found') host = flatParentElement(e) ?? e;
    else if (elementOf.name(e) === 'details' && !(e as HTMLDetailsElement).open) {
      const summary = elementOf.query(e, ':scope > summary');
      if (!summary || !nodeOf.contains(summary, el)) host = e;
    }
  }
  return host;
}

/**
 * Whether the box `el` (of computed style `style`) is transformed. Its computed `transform`
 * depends on layout, so reading it from the style forces the browser to check its layout first,
 * which makes it the walk's most costly read; the Typed OM's computed value (Chrome) is a little
 * cheaper (3–4 % of a walk). Firefox has no Typed OM. The individual `translate` property is
 * not read: it depends on layout too, and reading it made the check 17 % slower (a box moved
 * away by it is caught by the proof before a claim is shown, lib/page/find/drawn.ts).
 */
function isTransformed(el: Element, style: CSSStyleDeclaration): boolean {
  // The individual `scale` property (`scale: 0`) is a transform too, and cheap to read.
  const scale = style.scale;
  if (scale !== 'none' && scale !== '' && scale !== undefined) return true;
  const typed = elementOf.styleMap(el);
  if (typed !== undefined) return (typed.get('transform') as { value?: unknown } | null)?.value !== 'none';
  const transform = style.transform;
  return transform !== 'none' && transform !== '';
}

/**
 * `checkVisibility`: false for an element under opacity 0 or `content-visibility: hidden`, or
 * with no box (an unslotted child), unless a reader can open what holds it (closed `<details>`,
 * `until-found`: such content has no box until opened).
 */
function drawn(el: Element): boolean {
  const seen = elementOf.checkVisibility(el, { opacityProperty: true });
  if (seen === undefined || seen) return true;
  const host = openableHost(el);
  return host !== null && elementOf.checkVisibility(host, { opacityProperty: true }) === true;
}

/**
 * The computed `-webkit-text-fill-color`, read through the style's own property where the browser
 * names it (a named read costs less than `getPropertyValue`); '' where it has none.
 */
function textFill(style: CSSStyleDeclaration): string {
  return (
    (style as CSSStyleDeclaration & { webkitTextFillColor?: string }).webkitTextFillColor ??
    style.getPropertyValue('-webkit-text-fill-color')
  );
}

/** What fills glyphs of computed style `style`: `-webkit-text-fill-color` where it is set, else the colour. */
function glyphColour(style: CSSStyleDeclaration): string {
  const fill = textFill(style);
  return fill !== '' ? fill : style.color;
}

/** The computed `-webkit-text-security` ('none' where the browser has no such property). */
function textSecurity(style: CSSStyleDeclaration): string {
  return (style as CSSStyleDeclaration & { webkitTextSecurity?: string }).webkitTextSecurity || 'none';
}

/**
 * Whether text whose parent has `style` shows (its visibility, inherited, a child may set it
 * back), by the table's cheap rows, or, `cheap` false, by all its rows.
 */
export function textShows(style: StyleRef, cheap = true): boolean {
  if (style === null) return true;
  if (typeof style === 'boolean') return style;
  const m = VISIBILITY_MEASURED;
  m.visibility = style.visibility;
  return isSeen(ASK.visibility[cheap ? 1 : 0](m));
}

/**
 * True for a box of (almost) no size that hides what overflows it: the "visually hidden" text
 * for screen readers (1×1 pixel, overflow hidden), collapsed panels (height 0, overflow hidden).
 * The clipping box is the padding box, so `clientWidth`/`clientHeight` are what count.
 */
export function clippedAway(el: Element, cs: CSSStyleDeclaration, overflowX: string = cs.overflowX): boolean {
  // When one axis clips, the other computes to auto at least: overflow-x says whether any does.
  // It is the cheapest thing to ask, and almost every box answers "visible".
  if (overflowX === 'visible') return false;
  const box = el as HTMLElement;
  return elementOf.clientWidth(box) <= 1 || (elementOf.clientHeight(box) <= 1 && cs.overflowY !== 'visible');
}

/** A clip measured to leave nothing (`clipHides`), judged by the table: true when it hides the box. */
function clipsTo(leavesNothing: boolean): boolean {
  return leavesNothing && !isSeen(ASK.place({ place: 'clipped' }));
}
