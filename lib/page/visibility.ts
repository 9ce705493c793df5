/**
 * What a reader of the page sees, element by element: the rules by which the text walk leaves
 * out what is not shown, so that extraction never hands the model words the user cannot find.
 *
 * Left out: script, style, template and the like; subtrees that are `display: none` or
 * `[hidden]`; text whose own style is `visibility: hidden`; boxes of (almost) no size that clip
 * their content away (the "visually hidden" pattern of screen-reader-only text). Kept, because a
 * reader can open them: closed `<details>` and `hidden="until-found"`, which the highlight opens.
 *
 * Asking for a computed style is most of the cost of a walk, so each element's is asked once,
 * and only for what decides: its display always; its visibility only when it holds words itself;
 * its overflow only when it is a box with something inside. Pure DOM code.
 */

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
 * What the walk knows of an element's style: its computed style (read lazily, only what is
 * needed), or, in a document without a window, whether its text is visible by its inline style
 * (inherited); null when nothing is known.
 */
export type StyleRef = CSSStyleDeclaration | boolean | null;

/** The visibility rules for the elements of one document, asked in walk order. */
export class Visibility {
  /** Sizes mean something only where there is layout (not in happy-dom, not in a DOMParser document). */
  readonly hasLayout: boolean;
  /** After `shows` returned true: the element's computed display ('' when unknown). */
  display = '';
  /** After `shows` returned true: the element's style, for its own text and its children. */
  style: StyleRef = null;
  private readonly view: Window | null;

  constructor(doc: Document | null) {
    const view = doc?.defaultView ?? null;
    this.view = view && typeof view.getComputedStyle === 'function' ? view : null;
    this.hasLayout = this.view !== null && (doc?.documentElement?.clientWidth ?? 0) > 0;
  }

  /**
   * False when a reader can neither see `el` nor open it: it and all it holds are left out.
   * Otherwise `display` and `style` are now `el`'s. `parentStyle` is the style of its parent in
   * the flat tree.
   */
  shows(el: Element, parentStyle: StyleRef): boolean {
    // hidden="until-found" is found by find-in-page and opened by our highlight, so it is read.
    // With a browser's styles, [hidden] is display: none and until-found is not, so the computed
    // display says it all; elsewhere the attribute is read.
    let untilFound = false;
    if (!this.hasLayout && el.hasAttribute('hidden')) {
      untilFound = el.getAttribute('hidden')!.toLowerCase() === 'until-found';
      if (!untilFound) return false;
    }
    let display = '';
    let style: StyleRef = null;
    try {
      if (this.view) {
        const cs = this.view.getComputedStyle(el);
        display = cs.display;
        style = cs;
      } else {
        // No window (a document from DOMParser in a browser): inline styles are all we can read.
        const inline = (el as HTMLElement).style;
        display = inline?.display ?? '';
        const v = inline?.visibility ?? '';
        style = v ? v !== 'hidden' && v !== 'collapse' : typeof parentStyle === 'boolean' ? parentStyle : true;
      }
    } catch {
      // An element the style system does not know (a foreign namespace): read as inline text.
    }
    if (display === 'none' && !untilFound) return false;
    this.display = display;
    this.style = style;
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
    // are inline, and asking them nothing more is what keeps the walk fast.
    if (!this.hasLayout || display === 'inline' || display === 'contents') return false;
    if (style === null || typeof style !== 'object') return false;
    return clippedAway(el, style);
  }
}

/** Whether text whose parent has `style` shows (its visibility; inherited, a child may set it back). */
export function textShows(style: StyleRef): boolean {
  if (style === null) return true;
  if (typeof style === 'boolean') return style;
  const v = style.visibility;
  return v !== 'hidden' && v !== 'collapse';
}

/**
 * True for a box of (almost) no size that hides what overflows it: the "visually hidden" text
 * for screen readers (1×1 pixel, overflow hidden), collapsed panels (height 0, overflow hidden).
 * The clipping box is the padding box, so `clientWidth`/`clientHeight` are what count.
 */
export function clippedAway(el: Element, cs: CSSStyleDeclaration): boolean {
  // When one axis clips, the other computes to auto at least: overflow-x says whether any does.
  // It is the cheapest thing to ask, and almost every box answers "visible".
  if (cs.overflowX === 'visible') return false;
  const box = el as HTMLElement;
  return box.clientWidth <= 1 || (box.clientHeight <= 1 && cs.overflowY !== 'visible');
}
