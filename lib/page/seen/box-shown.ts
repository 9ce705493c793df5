/**
 * Whether a reader sees a box that shows something of its own rather than words: an embedded frame
 * (lib/page/seen/frame-visibility.ts) or a video player whose captions are read and quoted
 * (lib/page/video/read-videos.ts). Its words (a frame's text, a player's cues) are not in this
 * document, so the box is what is judged, by the one table of rules (lib/shared/seen/seen.ts): rendered,
 * at an opacity a reader sees (the product up the tree), through no mask, blend mode or filter not
 * settled, of a size after every transform and every box around it that hides overflow (a 1×1
 * wrapper, clip, clip-path: inset()), not clipped to nothing itself, on the page, scaled no smaller
 * than a quarter (what it shows is then too small to read), and not under another box (where it is
 * in view, by the browser's hit test; out of view, under no box placed over the page that CSS's
 * painting order puts over it). A page that lays nothing out shows no such box. Pure DOM code.
 */
import { laysOut } from '@/lib/page/dom/geometry';
import { Ancestry } from './ancestry';
import { docOf, elementOf } from '@/lib/page/dom/dom';
import { CoversOutOfView } from './covers-out-of-view';
import { hitOnBox, inView } from './cover';
import { clipMeasured } from './paint';
import { judge, type SeenVerdict } from '@/lib/shared/seen/seen';
import type { Measured, PointHit } from '@/lib/shared/seen/measured';

/** Judges boxes of one document as it is laid out now, each seen with at least `minSide` px of each side shown. */
export type BoxJudge = (el: Element, minSide: number) => SeenVerdict;

/**
 * The judge of `doc`'s boxes, or null when the document lays nothing out (no view, a view of no
 * size: judged by `innerWidth`, never the root's `clientWidth`, which quirks mode can make 0; no
 * hit test).
 */
export function boxJudge(doc: Document): BoxJudge | null {
  const view = docOf.view(doc);
  if (!laysOut(view)) return null;
  // No hit test: no layout engine at all (a test's window), nothing is measured.
  // (A page's element named so makes this false: its boxes are then unproven, never seen.)
  if (typeof doc.elementFromPoint !== 'function') return null;
  const root = docOf.scrolling(doc) ?? docOf.root(doc);
  const reach = {
    scrollX: view.scrollX,
    scrollY: view.scrollY,
    width: Math.max(root ? elementOf.scrollWidth(root) : 0, view.innerWidth),
    height: Math.max(root ? elementOf.scrollHeight(root) : 0, view.innerHeight),
  };
  const ancestry = new Ancestry(view);
  // The boxes that may cover one out of view, looked for once per judge, when first asked.
  let outOfView: CoversOutOfView | undefined;
  return (el, minSide) => {
    const box = el as HTMLElement;
    const rendered = elementOf.checkVisibility(el, { opacityProperty: true, visibilityProperty: true }) ?? null;
    const rect = elementOf.rect(el);
    const hits: PointHit[] = [];
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.25, 0.25],
      [0.75, 0.75],
    ] as const) {
      const x = rect.left + rect.width * fx;
      const y = rect.top + rect.height * fy;
      if (inView(view, x, y)) hits.push(hitOnBox(doc, el, x, y));
    }
    // Its own clip (a hit test answers with the box behind, an ancestor, where it clips): the boxes
    // around it are the ancestry's to measure.
    const cs = view.getComputedStyle(el);
    const measured: Measured = {
      layout: true,
      rendered,
      clip: clipMeasured(cs.clip, cs.clipPath, cs.position),
      ...ancestry.box(el, reach, minSide),
      // The share of its size it is drawn at (none: no box of its own); the table's last row asks it.
      scale:
        box.offsetWidth > 0 && box.offsetHeight > 0 ? Math.min(rect.width / box.offsetWidth, rect.height / box.offsetHeight) : 0,
    };
    if (hits.length > 0) measured.hits = hits;
    // Out of view no hit test tells: a box placed over the page that CSS's painting order puts
    // over all of it covers it, as it covers a quote's words (lib/page/seen/covered-boxes.ts).
    // Looked for only when the table reaches its row: a box a row above already settles (a 1×1
    // tracker, a frame not rendered) costs no search of the page's covers, and the verdict is the same.
    else
      Object.defineProperty(measured, 'covered', {
        enumerable: true,
        get: () => (outOfView ??= new CoversOutOfView(doc, view)).covered(el, rect),
      });
    return judge(measured);
  };
}
