/**
 * The live page's proof that a cited quote is drawn for a reader, asked after the verifier
 * accepted the quote and before its claim is shown (and again by the highlight, once the quote
 * is scrolled into view): the words are found as the highlight finds them (lib/page/anchor.ts),
 * then their boxes must have an area inside the page, their colour must stand out from what is
 * behind them (the extraction's rules, lib/page/visibility.ts), and where they are in view, no
 * other box may cover them. The user's page is not scrolled. Words inside closed `<details>` or
 * `hidden="until-found"` pass: the highlight opens them. Pure DOM code, except the decisions,
 * which are pure functions of what was measured (`coverVerdict`, `drawnVerdict`).
 */
import { readPage, locateIn, type AnchorOptions, type AnchorPage, type LocatedQuote } from './anchor';
import { paintHides, placeHides, type NotDrawn } from './paint';
import { insideOpenable } from './visibility';
import { backgroundBehind, otherPaintBehind, paintedOtherwise } from './behind';
import { coverVerdict, hitAt, inView, type PointHit } from './cover';
import type { DrawnResult, QuoteTarget } from '@/lib/shared/types';

/** The verdict from what was measured, first reason first. */
export function drawnVerdict(m: {
  found: boolean;
  openable: boolean;
  place: NotDrawn | null;
  paint: NotDrawn | null;
  covered: boolean;
}): DrawnResult {
  if (!m.found) return { drawn: false, reason: 'not-found' };
  if (m.openable) return { drawn: true };
  const reason = m.place ?? m.paint ?? (m.covered ? 'covered' : null);
  return reason ? { drawn: false, reason } : { drawn: true };
}

/**
 * Whether each quote is drawn in `doc` now, in order. `page`: the page's text as read by an
 * earlier call, when nothing has changed since (the claims of one answer are asked about one by
 * one as they stream; a page of 100,000 sentences is then walked once).
 */
export function proveDrawn(
  doc: Document,
  targets: QuoteTarget[],
  options: AnchorOptions = {},
  page: AnchorPage = readPage(doc, options),
): DrawnResult[] {
  if (targets.length === 0) return [];
  return targets.map((target) => {
    const located = locateIn(page, target);
    if (!located) return drawnVerdict({ found: false, openable: false, place: null, paint: null, covered: false });
    return measureRanges(doc, located);
  });
}

/**
 * The verdict on a located quote's words as the page draws them now: the elements asked about
 * are those of the quote's own text nodes, not whatever else its ranges span (a hidden menu
 * between two visible lines is not part of the quote).
 */
export function measureRanges(doc: Document, located: Pick<LocatedQuote, 'ranges' | 'nodes'>): DrawnResult {
  const view = doc.defaultView;
  const { ranges } = located;
  const parents = [...new Set(located.nodes.flatMap((n) => (n.parentElement ? [n.parentElement] : [])))];
  const openable = parents.some(insideOpenable);
  // Without layout (a document no browser draws: tests, a parsed copy) there is nothing to measure.
  const laidOut = (doc.documentElement?.clientWidth ?? 0) > 0;
  if (!view || !laidOut || openable)
    return drawnVerdict({ found: true, openable: true, place: null, paint: null, covered: false });
  const root = doc.scrollingElement ?? doc.documentElement;
  const reach = {
    scrollX: view.scrollX,
    scrollY: view.scrollY,
    width: Math.max(root.scrollWidth, view.innerWidth),
    height: Math.max(root.scrollHeight, view.innerHeight),
  };
  const rects = ranges.flatMap((r) => [...r.getClientRects()]).filter((b) => b.width > 0 && b.height > 0);
  let place: NotDrawn | null = rects.length === 0 ? 'no-area' : null;
  if (!place && rects.every((b) => placeHides(b, reach) !== null)) place = 'outside';

  const hits: PointHit[] = [];
  const points: Array<{ x: number; y: number }> = [];
  for (const b of rects.slice(0, 8)) {
    const x = (b.left + b.right) / 2;
    const y = (b.top + b.bottom) / 2;
    if (!inView(view, x, y)) continue;
    points.push({ x, y });
    hits.push(hitAt(doc, parents, x, y));
  }
  let paint: NotDrawn | null = null;
  for (const el of parents) {
    paint = paintOf(el, view, points[0] ?? null);
    if (paint) break;
  }
  return drawnVerdict({ found: true, openable: false, place, paint, covered: coverVerdict(hits) });
}

/** Why the words of `el` are not seen for their paint: not rendered, transparent, tiny, the colour of what is behind. */
function paintOf(el: Element, view: Window, point: { x: number; y: number } | null): NotDrawn | null {
  const box = el as Element & { checkVisibility?: (o: object) => boolean };
  const cs = view.getComputedStyle(el);
  if (cs.display !== 'contents' && typeof box.checkVisibility === 'function') {
    if (!box.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return 'not-rendered';
  }
  const fill = cs.getPropertyValue('-webkit-text-fill-color');
  const first = paintHides({ color: cs.color, fill, fontSize: cs.fontSize, background: null });
  if (first === 'tiny-font') return first;
  if (first === 'transparent') return paintedOtherwise(el, cs, view) ? null : first;
  const background = backgroundBehind(el, view);
  const hides = paintHides({ color: cs.color, fill, fontSize: cs.fontSize, background });
  // The colours of the ancestors' backgrounds alone: an image, or a box that is no ancestor, may
  // be what sets the words apart.
  if (hides === 'same-colour' && otherPaintBehind(el, view, point)) return null;
  return hides;
}
