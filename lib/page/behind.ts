/**
 * What is painted behind some words, for the proof that a quoted sentence is drawn
 * (lib/page/drawn.ts): the opaque colour of the backgrounds under them, and whether something
 * else (an image, a box that is none of their ancestors) may be what sets them apart. Asked of
 * the few elements that hold a cited quote, never by the extraction walk: it reads the styles
 * of every ancestor. Pure DOM code; the contrast rule itself is lib/page/paint.ts's.
 */
import { flatParentElement } from './flat-tree';
import { over, parseColor, type Rgba } from './paint';

/** The opaque colour painted behind `el`'s content, from its own and its ancestors' backgrounds; null: not known. */
export function backgroundBehind(el: Element, view: Window): Rgba | null {
  const layers: Rgba[] = [];
  for (let e: Element | null = el; e; e = flatParentElement(e)) {
    const cs = view.getComputedStyle(e);
    if (cs.backgroundImage !== 'none' && cs.backgroundImage !== '') return null;
    const c = parseColor(cs.backgroundColor);
    if (c === null) return null;
    if (c.a > 0) layers.push(c);
    if (c.a >= 1) return compose(layers);
  }
  const root = el.ownerDocument.documentElement;
  // The canvas behind the root: white, unless the page asks for a dark scheme (then not known).
  const scheme = root ? view.getComputedStyle(root).colorScheme : '';
  if (scheme && scheme.includes('dark')) return null;
  return compose([...layers, { r: 255, g: 255, b: 255, a: 1 }]);
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
 * video, canvas or frame inside the ancestors.
 */
export function otherPaintBehind(el: Element, view: Window, point: { x: number; y: number } | null): boolean {
  const ancestors: Element[] = [];
  for (let e: Element | null = el; e; e = flatParentElement(e)) ancestors.push(e);
  const root = el.getRootNode() as Document | ShadowRoot;
  if (point && typeof root.elementsFromPoint === 'function') {
    const mine = new Set(ancestors);
    let below = false;
    for (const hit of root.elementsFromPoint(point.x, point.y)) {
      if (mine.has(hit)) {
        below = true;
        if (hit === ancestors[ancestors.length - 1]) return false;
      } else if (below || !el.contains(hit)) {
        return true;
      }
    }
    return false;
  }
  return ancestors.slice(1).some((a) => a.querySelector('img, picture, video, canvas, svg, iframe, object, embed') !== null);
}
