/**
 * What is painted with and behind some words: the opaque colour of the backgrounds under them,
 * whether something else (an image, a pseudo-element, a box that is none of their ancestors)
 * may set them apart, and whether their glyphs are painted other than by their colour: measured
 * here, judged by the one table of rules (lib/shared/seen/seen.ts). Asked by the proof that a quoted
 * sentence is drawn (lib/page/find/quote-seen.ts) and by extraction only of words whose colour already
 * matches the backgrounds around them: it reads the styles of every ancestor. Pure DOM code.
 */
import { type Rect, meets } from '@/lib/page/dom/geometry';
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { inView } from './cover';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { readableColour } from './colour';
import { contrastRatio, over, paintHides, paintMeasured, parseColor, PICTURES, shadowsOf, type Rgba } from './paint';
import { PaintOrder, wordsOver } from './paint-order';
import { pictureBehind } from './picture-layers';
import type { Pictures } from './pictures';
import { asker, whyUnseen } from '@/lib/shared/seen/seen';
import { oneColour } from '@/lib/shared/seen/paint-rules';
import type { GlyphPaintMeasured, GradientStops, Measured } from '@/lib/shared/seen/measured';

/** The opaque colour painted behind `el`'s content, from its own and its ancestors' backgrounds; null: not known. */
export function backgroundBehind(el: Element, view: Window): Rgba | null {
  const layers: Rgba[] = [];
  for (let e: Element | null = el; e; e = flatParentElement(e)) {
    const cs = view.getComputedStyle(e);
    if (cs.backgroundImage !== 'none' && cs.backgroundImage !== '') {
      // A gradient of one colour paints that colour over the background colour; any other image is not known.
      const image = uniformImageColour(cs.backgroundImage);
      if (image === null) return null;
      layers.push(image);
      return compose(layers);
    }
    const c = parseColor(cs.backgroundColor);
    if (c === null) return null;
    if (c.a > 0) layers.push(c);
    if (c.a >= 1) return compose(layers);
  }
  const canvas = canvasColour(nodeOf.doc(el), view);
  return canvas === null ? null : compose([...layers, canvas]);
}

/** What the browser paints behind the root: white, unless the page asks for a dark scheme (then not known). */
export function canvasColour(doc: Document, view: Window): Rgba | null {
  const root = docOf.root(doc);
  const scheme = root ? view.getComputedStyle(root).colorScheme : '';
  return scheme && scheme.includes('dark') ? null : { r: 255, g: 255, b: 255, a: 1 };
}

/** Colours from the top one down to an opaque one, painted over each other. */
function compose(layers: Rgba[]): Rgba {
  let out = layers[layers.length - 1]!;
  for (let i = layers.length - 2; i >= 0; i--) out = over(layers[i]!, out);
  return out;
}

/**
 * True when something other than the ancestors' background colours may be drawn behind `el`'s
 * words at (x, y), a point of them in view: any box the browser finds there, under the words,
 * that is none of their ancestors (a hero's picture, an overlay). Off the view, any picture,
 * video, canvas or frame inside the ancestors whose box meets theirs.
 */
export function otherPaintBehind(
  el: Element,
  view: Window,
  point: { x: number; y: number } | null,
  words: WordsPaint,
  painted: PaintedBoxes = new PaintedBoxes(view),
  proof: PictureProof | null = null,
): boolean {
  const ancestors: Element[] = [];
  for (let e: Element | null = el; e; e = flatParentElement(e)) ancestors.push(e);
  const root = nodeOf.root(el) as Document | ShadowRoot;
  if (point && (nodeOf.type(root) === 11 || docOf.hitTests(root as Document))) {
    const mine = new Set(ancestors);
    let below = false;
    for (const hit of nodeOf.type(root) === 11
      ? root.elementsFromPoint(point.x, point.y)
      : docOf.elementsFromPoint(root as Document, point.x, point.y)) {
      if (mine.has(hit)) {
        below = true;
        if (hit === ancestors[ancestors.length - 1]) return false;
      } else if (below || !nodeOf.contains(el, hit)) {
        return proof === null || proof.setsApart(hit, el, words);
      }
    }
    return false;
  }
  // Out of view: a picture, or a box CSS paints under them, inside the ancestors, whose box meets the words' box.
  const rect = elementOf.rect(el);
  return ancestors.length > 1 && painted.behind(ancestors[ancestors.length - 1]!, el, rect, words, proof);
}

/**
 * Where pictures are settled by their pixels (the check before sending, lib/page/seen/pictures.ts):
 * whether a picture element found behind words the colour of their background sets them apart.
 * An `<img>` does when the words stand out from every colour it shows (and from the background
 * too, where the picture may not fill the words' box); any other picture, video, canvas or frame,
 * whose pixels are not read, does not: its words are unproven. Any other box behind them is
 * asked as before.
 */
export class PictureProof {
  constructor(
    private readonly pictures: Pictures,
    private readonly background: Rgba | null,
  ) {}

  setsApart(hit: Element, words: Element, paint: WordsPaint): boolean {
    if (!elementOf.matches(hit, PICTURES)) return true;
    if (elementOf.name(hit) !== 'img') return false;
    const url = (hit as HTMLImageElement).currentSrc || (hit as HTMLImageElement).src;
    if (!url) return false;
    const box = elementOf.rect(hit);
    const mine = elementOf.rect(words);
    const fit = docOf.view(nodeOf.doc(hit))?.getComputedStyle(hit).objectFit ?? '';
    const covers =
      (fit === 'fill' || fit === 'cover') &&
      box.left <= mine.left &&
      box.top <= mine.top &&
      box.right >= mine.right &&
      box.bottom >= mine.bottom;
    const picture = pictureBehind([{ kind: 'url', url, covers }], this.background);
    const colour = readableColour(paint.fill !== '' ? paint.fill : paint.color);
    return this.pictures.judge(picture, colour, paint.fontSize) === 'seen';
  }
}

/**
 * Glyphs of a transparent colour may still be drawn: by a background clipped to the text
 * (gradient headings), a stroke or a shadow, each in a colour that stands out from `behind`
 * where that is known (a white shadow on a white page draws nothing a reader sees). Asked only
 * of transparent text, which is rare.
 */
export function paintedOtherwise(el: Element, cs: CSSStyleDeclaration, view: Window, behind: Rgba | null = null): boolean {
  const fill = cs.getPropertyValue('-webkit-text-fill-color');
  if (fill && paintHides({ color: fill, fontSize: '16px', background: behind }) === null) return true;
  return outlined(el, cs, view, behind);
}

/**
 * Glyphs drawn with more than their fill: a stroke, a shadow, a background clipped to the text,
 * each only when it paints something a reader can read, by the table's rows of `glyphPaint`.
 */
function outlined(el: Element, cs: CSSStyleDeclaration, view: Window, behind: Rgba | null = null): boolean {
  // The width first: a stroke's colour is read only where the rows let its width paint.
  if (
    paints({ strokePx: parseFloat(cs.getPropertyValue('-webkit-text-stroke-width')) }) &&
    paints(colourOf(cs.getPropertyValue('-webkit-text-stroke-color'), behind))
  )
    return true;
  if (cs.textShadow !== 'none' && cs.textShadow !== '' && readableShadow(cs.textShadow, behind)) return true;
  // The background clipped to the text may be an ancestor's (`<h1>` with its words in `<span>`s);
  // it paints the glyphs only when there is a background to clip: an image, or a colour a reader sees.
  let e: Element | null = el;
  for (let depth = 0; e && depth < 4; depth++, e = flatParentElement(e)) {
    const s = depth === 0 ? cs : view.getComputedStyle(e);
    if (s.backgroundClip !== 'text' && s.getPropertyValue('-webkit-background-clip') !== 'text') continue;
    if (s.backgroundImage !== 'none' && s.backgroundImage !== '') return true;
    return paints(colourOf(s.backgroundColor, behind));
  }
  return false;
}

const askGlyphPaint = asker(['glyphPaint']);

/** Whether one way of painting the glyphs paints them, by the table's rows of `glyphPaint`. */
function paints(glyphPaint: GlyphPaintMeasured): boolean {
  return askGlyphPaint({ glyphPaint }).seen === 'seen';
}

/**
 * A colour (any syntax the browser computes) as the rows of `glyphPaint` read it: its alpha (null:
 * not read) and, where what is behind is known, its contrast painted over it.
 */
function colourOf(value: string, behind: Rgba | null): GlyphPaintMeasured {
  const c = parseColor(readableColour(value));
  if (c === null) return { alpha: null };
  return behind === null ? { alpha: c.a } : { alpha: c.a, contrast: contrastRatio(over(c, behind), behind) };
}

/**
 * Whether a computed `text-shadow` (shadows apart by commas, each a colour and lengths) holds one
 * that draws the glyphs again where a reader can read them, by the table's rows of `glyphPaint`:
 * of a colour a reader sees (and that stands out from `behind`, where known), blurred and moved
 * no more than they allow.
 */
export function readableShadow(textShadow: string, behind: Rgba | null = null): boolean {
  return shadowsOf(textShadow).some(({ colour, lengths: [x = 0, y = 0, blur = 0] }) =>
    paints({ ...(colour === null ? { alpha: null } : colourOf(colour, behind)), shadow: { x, y, blur } }),
  );
}

/**
 * The one colour a background image paints, when the table says its gradients paint one colour
 * (lib/shared/seen/paint-rules.ts `oneColour`): a gradient from white to white is white. Anything
 * else (a picture, stops that differ or see through, a colour not read) is not known: null.
 */
export function uniformImageColour(image: string): Rgba | null {
  const stops = gradientStops(image);
  return stops !== null && oneColour(stops) ? stops.first : null;
}

/**
 * The stops of a background image that is gradients alone: the first, the largest contrast ratio
 * of any with the first, and the least alpha. Null when it is anything else, or holds a colour not
 * read here (`oklch(…)`): not measured.
 */
function gradientStops(image: string): (GradientStops & { first: Rgba }) | null {
  if (!/^(?:repeating-)?(?:linear|radial|conic)-gradient\(/.test(image) || image.includes('url(')) return null;
  const colours = /rgba?\([^)]*\)|color\(srgb[^)]*\)/g;
  const stops = [...image.matchAll(colours)].map((m) => parseColor(m[0]));
  // Every function must be a gradient and every colour one read here: a colour in another syntax
  // (`oklch(…)`) or anything else left over makes the image not known.
  const rest = image.replace(colours, '').replace(/(?:repeating-)?(?:linear|radial|conic)-gradient\(/g, '');
  if (rest.includes('(')) return null;
  const read = stops.filter((c): c is Rgba => c !== null);
  if (read.length === 0 || read.length < stops.length) return null;
  const first = read[0]!;
  return {
    first,
    largestContrast: Math.max(...read.map((c) => contrastRatio(c, first))),
    leastAlpha: Math.min(...read.map((c) => c.a)),
  };
}

/**
 * What the table of rules (lib/shared/seen/seen.ts) reads of the words of `el`, of computed style `cs`,
 * against all that is painted behind them: their paint over the backgrounds' colour, and, only
 * once that alone would make them the colour of what is behind them, whether anything else sets
 * them apart (a stroke, a shadow, a background clipped to the text; an image in the backgrounds,
 * a pseudo-element painting between, another box behind them where they are in view, a picture
 * inside the box that gives them their background). Asked by extraction only of words whose
 * colour already matches the background colours around them (rare), so its many reads cost little.
 */
export function paintAgainstBackground(
  el: Element,
  cs: CSSStyleDeclaration,
  view: Window,
  painted: PaintedBoxes = new PaintedBoxes(view),
  pictures: Pictures | null = null,
): Measured {
  const background = backgroundBehind(el, view);
  const proof = pictures === null ? null : new PictureProof(pictures, background);
  const words: WordsPaint = { color: cs.color, fill: cs.getPropertyValue('-webkit-text-fill-color'), fontSize: cs.fontSize };
  const paint = paintMeasured({ ...words, background });
  if (whyUnseen(paint) !== 'same-colour') return paint;
  if (outlined(el, cs, view, background)) return { ...paint, paintedOtherwise: true };
  const rect = elementOf.rect(el);
  const x = (rect.left + rect.right) / 2;
  const y = (rect.top + rect.bottom) / 2;
  if (inView(view, x, y))
    return { ...paint, otherPaint: otherPaintBehind(el, view, { x, y }, words, painted, proof) || pseudoPaint(el, view) };
  // Out of view: a picture, or a box CSS paints under them, inside the box that gives the words
  // their background may set them apart.
  let e: Element | null = el;
  for (; e; e = flatParentElement(e)) {
    if (parseColor(view.getComputedStyle(e).backgroundColor)?.a === 1) break;
  }
  // No box paints one: the canvas does, behind the whole page. Only what meets the words' box may
  // lie behind them (not any picture anywhere on the page).
  const painter = e ?? docOf.root(nodeOf.doc(el));
  if (painter && painted.behind(painter, el, rect, words, proof)) return { ...paint, otherPaint: true };
  return { ...paint, otherPaint: pseudoPaint(el, view) };
}

/**
 * What the table reads of the paint of `el`'s words, for the proof that a quote is drawn
 * (lib/page/find/quote-seen.ts): font size, the alpha of their fill, and, asked only as far as it
 * decides, whether they are painted otherwise, their contrast with the backgrounds behind them,
 * and whether anything else behind them sets them apart.
 */
export function quoteWordsPaint(
  el: Element,
  view: Window,
  point: { x: number; y: number } | null,
  behind: PaintedBoxes,
): Measured {
  const cs = view.getComputedStyle(el);
  const words: WordsPaint = {
    color: readableColour(cs.color),
    fill: readableColour(cs.getPropertyValue('-webkit-text-fill-color')),
    fontSize: cs.fontSize,
  };
  const first = paintMeasured({ ...words, background: null });
  const why = whyUnseen(first);
  if (why === 'transparent') return { ...first, paintedOtherwise: paintedOtherwise(el, cs, view, backgroundBehind(el, view)) };
  if (why !== null) return first;
  const background = backgroundBehind(el, view);
  const against = paintMeasured({ ...words, background });
  const hides = whyUnseen(against);
  if (hides === null && background !== null) return { ...against, ...strokeOverMeasured(cs, background) };
  // The colours of the ancestors' backgrounds alone: an image, or a box that is no ancestor, may
  // be what sets the words apart (asked only when those colours alone would hide them).
  if (hides !== 'same-colour') return against;
  return { ...against, otherPaint: otherPaintBehind(el, view, point, words, behind) };
}

/**
 * What a stroke drawn over the fill of words of style `cs` measures to over `background`
 * (`strokeOver`: a wide one in a colour that does not stand out eats their letters); nothing where
 * none is drawn. The one measure of it, for the walk (glyph-paint.ts) and the proof alike.
 */
export function strokeOverMeasured(cs: CSSStyleDeclaration, background: Rgba): Pick<Measured, 'strokeOver'> {
  // (Read by its own name where the browser has it: a named read costs less than `getPropertyValue`.)
  const named = (cs as CSSStyleDeclaration & { webkitTextStrokeWidth?: string }).webkitTextStrokeWidth;
  const width = parseFloat(named ?? cs.getPropertyValue('-webkit-text-stroke-width'));
  if (!(width > 0)) return {};
  const colour = readableColour(cs.getPropertyValue('-webkit-text-stroke-color'));
  const shows = whyUnseen(paintMeasured({ color: colour, fontSize: cs.fontSize, background })) === null;
  return { strokeOver: { width, fontPx: parseFloat(cs.fontSize), shows } };
}

/** A picture, or a box placed over the page that paints a background (its opaque colour; null: an image), and its box. */
interface Painted {
  el: Element;
  box: DOMRect;
  picture: boolean;
  colour: Rgba | null;
}

/** How words are painted, as `paintMeasured` reads them. */
export type WordsPaint = { color: string; fill: string; fontSize: string };

/**
 * What may be painted behind words out of view, where no hit test can be asked: the pictures,
 * videos, canvases, drawings and frames of a document (or shadow root), and the boxes placed over
 * the page (`position: absolute`) that paint an opaque colour or an image, each with its box, found
 * once per walk or proof (a walk asks of every box whose words match its background; one page of
 * the corpus asked 200 times about 45 pictures).
 */
export class PaintedBoxes {
  private readonly byRoot = new Map<Node, Painted[]>();
  private order: PaintOrder | null = null;

  constructor(private readonly view: Window) {}

  /**
   * Whether something inside `painter` whose box meets `rect` (the box of the words of `el`) may set
   * them apart: a picture, or a box placed over the page that CSS paints under them (lib/page/seen/paint-order.ts)
   * with an image or a colour the words stand out from. A painting order it cannot settle sets nothing apart.
   */
  behind(painter: Element, el: Element, rect: Rect, words: WordsPaint, proof: PictureProof | null = null): boolean {
    for (const p of this.of(nodeOf.root(painter))) {
      if (!meets(p.box, rect) || !nodeOf.contains(painter, p.el)) continue;
      if (p.picture) {
        if (proof === null || proof.setsApart(p.el, el, words)) return true;
        continue;
      }
      if (nodeOf.contains(p.el, el) || nodeOf.contains(el, p.el)) continue;
      if (p.colour !== null && whyUnseen(paintMeasured({ ...words, background: p.colour })) === 'same-colour') continue;
      if (wordsOver((this.order ??= new PaintOrder(this.view)).above(p.el, el))) return true;
    }
    return false;
  }

  private of(root: Node): Painted[] {
    let all = this.byRoot.get(root);
    if (all !== undefined) return all;
    all = [];
    for (const el of nodeOf.type(root) === 9 ? docOf.all(root as Document, '*') : (root as ParentNode).querySelectorAll('*')) {
      const picture = elementOf.matches(el, PICTURES);
      let colour: Rgba | null = null;
      if (!picture) {
        const cs = this.view.getComputedStyle(el);
        if (cs.position !== 'absolute') continue;
        const image = cs.backgroundImage !== 'none' && cs.backgroundImage !== '';
        if (!image) {
          colour = parseColor(cs.backgroundColor);
          if (colour === null || colour.a < 1) continue;
        }
      }
      all.push({ el, box: elementOf.rect(el), picture, colour });
    }
    this.byRoot.set(root, all);
    return all;
  }
}

/** Whether a `::before` or `::after` of `el` or an ancestor paints a colour or an image. */
function pseudoPaint(el: Element, view: Window): boolean {
  for (let e: Element | null = el; e; e = flatParentElement(e)) {
    for (const pseudo of ['::before', '::after']) {
      const ps = view.getComputedStyle(e, pseudo);
      if (ps.content === 'none' || ps.content === 'normal') continue;
      if ((parseColor(ps.backgroundColor)?.a ?? 1) > 0 || (ps.backgroundImage !== 'none' && ps.backgroundImage !== ''))
        return true;
    }
  }
  return false;
}
