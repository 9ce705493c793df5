/**
 * Which of a document's embedded frames its page does not show: a frame cannot see how its
 * parent draws it, so the parent says, and the worker leaves those frames' text out
 * (lib/worker/read/hidden-frames.ts, where a frame whose parent did not answer is not shown
 * either). A frame is shown only when it and every box around it are, by the rules of
 * lib/shared/seen.ts: rendered, at an opacity a reader sees (the product up the tree), through no
 * mask, blend mode or filter not settled, of a size after every transform and every box around
 * it that hides overflow (a 1×1 wrapper, clip, clip-path: inset()), on the page, scaled no smaller
 * than a quarter (its words are then too small to read), and not under another box (where it is
 * in view, by the browser's hit test; out of view, under no box placed over the page after it).
 * A page that lays nothing out shows no frame. Pure DOM code.
 */
import { docOf, elementOf, nodeOf } from './dom';
import { Ancestry } from './ancestry';
import { hitAt, inView } from './cover';
import { judge, MIN_GLYPH_PX, type PointHit } from '@/lib/shared/seen';
import { parseColor } from './paint';

/** A frame box narrower or shorter than this (CSS pixels) shows nothing. */
export const MIN_FRAME_SIDE = 2;
/** A frame drawn at less than this share of its size draws its words too small to read. */
export const MIN_FRAME_SCALE = MIN_GLYPH_PX / 16;

/** The indexes in `doc`'s `window.frames` of the frames its page does not show. */
export function hiddenChildFrames(doc: Document): number[] {
  const view = docOf.view(doc);
  if (!view || view.frames.length === 0) return [];
  const all = Array.from({ length: view.frames.length }, (_, i) => i);
  // Judged by what the page lays out, not by the root's clientWidth (quirks mode can make it 0).
  if (!(view.innerWidth > 0 && view.innerHeight > 0)) return all;
  const root = (docOf.scrolling(doc) ?? docOf.root(doc))!;
  const reach = {
    scrollX: view.scrollX,
    scrollY: view.scrollY,
    width: Math.max(root?.scrollWidth ?? 0, view.innerWidth),
    height: Math.max(root?.scrollHeight ?? 0, view.innerHeight),
  };
  const ancestry = new Ancestry(view);
  const shown = new Set<number>();
  for (const el of docOf.all(doc, 'iframe, frame')) {
    const win = (el as HTMLIFrameElement).contentWindow;
    if (!win) continue;
    let index = -1;
    for (let i = 0; i < view.frames.length; i++) {
      if (view.frames[i] === win) {
        index = i;
        break;
      }
    }
    if (index >= 0 && frameShown(el)) shown.add(index);
  }
  // A frame not found among the elements (in a closed shadow root, say) is not known to be shown.
  return all.filter((i) => !shown.has(i));

  function frameShown(el: Element): boolean {
    const box = el as HTMLElement;
    const rendered = elementOf.checkVisibility(el, { opacityProperty: true, visibilityProperty: true }) ?? null;
    const rect = elementOf.rect(el);
    const scale =
      box.offsetWidth > 0 && box.offsetHeight > 0 ? Math.min(rect.width / box.offsetWidth, rect.height / box.offsetHeight) : 0;
    const hits: PointHit[] = [];
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.25, 0.25],
      [0.75, 0.75],
    ] as const) {
      const x = rect.left + rect.width * fx;
      const y = rect.top + rect.height * fy;
      if (inView(view!, x, y)) hits.push(hitAt(doc, [el], x, y));
    }
    const verdict = judge({
      layout: true,
      rendered,
      ...ancestry.box(el, reach, MIN_FRAME_SIDE),
      // Out of view no hit test tells: a box placed over it, later in the page, counts as covering it.
      ...(hits.length > 0 ? { hits } : { covered: coveredOutOfView(el, rect) }),
    });
    return verdict.seen === 'seen' && scale >= MIN_FRAME_SCALE;
  }

  /**
   * Whether a box placed over the page (absolutely positioned, an opaque background or a backdrop
   * filter), after the frame in the page and none of its ancestors, holds the frame's whole box.
   * Asked only of a frame out of view, among the first elements after it.
   */
  function coveredOutOfView(frame: Element, rect: DOMRect): boolean {
    let asked = 0;
    for (const el of docOf.all(doc, 'body *')) {
      if (!(nodeOf.position(frame, el) & 4) /* DOCUMENT_POSITION_FOLLOWING */ || nodeOf.contains(el, frame)) continue;
      if (++asked > MAX_COVER_CANDIDATES) return true;
      const cs = view!.getComputedStyle(el);
      if (cs.position !== 'absolute') continue;
      const backdrop = cs.getPropertyValue('backdrop-filter');
      if (parseColor(cs.backgroundColor)?.a !== 1 && (backdrop === '' || backdrop === 'none')) continue;
      const c = elementOf.rect(el);
      if (c.left <= rect.left && c.top <= rect.top && c.right >= rect.right && c.bottom >= rect.bottom) return true;
    }
    return false;
  }
}

/** The most elements after a frame out of view asked whether they cover it; past that it is not known to be shown. */
const MAX_COVER_CANDIDATES = 5000;
