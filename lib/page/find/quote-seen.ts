/**
 * The live page's proof that a cited quote is drawn for a reader, asked after the verifier
 * accepted the quote and before its claim is shown (and again by the highlight, once the quote
 * is scrolled into view): the words are found as the highlight finds them (lib/page/find/anchor.ts),
 * then every text node of the quote is measured and judged by the one table of rules of what a
 * reader sees (lib/shared/seen/seen.ts): rendered, its opacity up the tree, masks, blend modes and
 * filters, its own glyphs on the page and not cut off (lib/page/seen/ancestry.ts), its colour against
 * what is behind it; nothing their own boxes paint over them (a pseudo-element, an outline); and
 * no other box may cover them: where they are in view, by the browser's hit test, and out of view,
 * where it cannot be asked, by CSS's painting order (lib/page/seen/paint-order.ts). Anything not
 * measured is unproven: not shown. The user's page is not scrolled. Words inside closed
 * `<details>` or `hidden="until-found"` are measured by the box drawn in their place (the
 * highlight opens them): their ancestors are tested as for any words. Pure DOM code, except the
 * decisions, which are the table's (`seenVerdict`).
 */
import { laysOut } from '@/lib/page/dom/geometry';
import { docOf, elementOf, nodeOf } from '@/lib/page/dom/dom';
import { readPage, locateIn, type AnchorOptions, type AnchorPage, type LocatedQuote } from './anchor';
import { openableHost } from '@/lib/page/seen/openable';
import { Ancestry } from '@/lib/page/seen/ancestry';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { seenResultOf, judge } from '@/lib/shared/seen/seen';
import type { CharRun, Measured, PointHit } from '@/lib/shared/seen/measured';
import { PaintedBoxes, quoteWordsPaint } from '@/lib/page/seen/behind';
import { hitAt, inView, passesHitTest } from '@/lib/page/seen/cover';
import { CoversOutOfView } from '@/lib/page/seen/covers-out-of-view';
import { PaintedCovers } from '@/lib/page/seen/painted-covers';
import type { SeenResult } from '@/lib/shared/protocol/types';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';

/** The verdict from what was measured, first reason first (the rules of lib/shared/seen/seen.ts; words not found, the table's `not-found`). */
export function seenVerdict(m: { found: boolean } & Measured): SeenResult {
  return seenResultOf(judge(m.found ? m : { found: false }));
}

/**
 * Whether each quote is drawn in `doc` now, in order. `page`: the page's text as read by an
 * earlier call, when nothing has changed since (the claims of one answer are asked about one by
 * one as they stream; a page of 100,000 sentences is then walked once).
 */
export function proveSeen(
  doc: Document,
  targets: QuoteTarget[],
  options: AnchorOptions = {},
  page: AnchorPage = readPage(doc, options),
): SeenResult[] {
  if (targets.length === 0) return [];
  // The page's covers are looked for once for all the quotes asked about together.
  const view = docOf.view(doc);
  const covers = view === null ? undefined : new CoversOutOfView(doc, view);
  return targets.map((target) => {
    const located = locateIn(page, target);
    if (!located) return seenVerdict({ found: false });
    return measureRanges(doc, located, covers);
  });
}

/**
 * The verdict on a located quote's words as the page draws them now: every text node of the
 * quote must be seen (lib/shared/seen/seen.ts), not just one; the elements asked about are those of the
 * quote's own text nodes, not whatever else its ranges span (a hidden menu between two visible
 * lines is not part of the quote). A node inside what a reader opens (closed `<details>`,
 * `until-found`) is measured by the box drawn in its place, and its ancestors as for any words.
 */
export function measureRanges(
  doc: Document,
  located: Pick<LocatedQuote, 'ranges' | 'nodes'>,
  covers?: CoversOutOfView,
): SeenResult {
  const view = docOf.view(doc);
  // A window with no layout engine at all (happy-dom: no `elementsFromPoint`) is a test's, no
  // page a user sees: nothing there is measured. In a browser, a document with no view (a parsed
  // copy) or a view of no size lays nothing out: nothing is proven (never judged by the root's
  // clientWidth, which a page in quirks mode sets to 0).
  // What such a window computes without layout (display, visibility) is still judged.
  if (view !== null && !docOf.hitTests(doc)) {
    for (const node of located.nodes) {
      const parent = flatParentElement(node);
      if (parent === null || !/\S/.test(node.data)) continue;
      const cs = view.getComputedStyle(parent);
      const verdict = seenVerdict({ found: true, display: cs.display, visibility: cs.visibility });
      if (!verdict.drawn) return verdict;
    }
    return seenVerdict({ found: true });
  }
  const layout = laysOut(view);
  if (!layout) return seenVerdict({ found: true, layout: false });
  const root = (docOf.scrolling(doc) ?? docOf.root(doc))!;
  const reach = {
    scrollX: view.scrollX,
    scrollY: view.scrollY,
    width: Math.max(elementOf.scrollWidth(root), view.innerWidth),
    height: Math.max(elementOf.scrollHeight(root), view.innerHeight),
  };
  const ancestry = new Ancestry(view);
  const nodes = located.nodes.filter((n) => /\S/.test(n.data) && nodeOf.parentElement(n) !== null);
  if (nodes.length === 0) return seenVerdict({ found: true, glyphs: 'no-area' });
  const parents = [...new Set(nodes.map((n) => flatParentElement(n)!))];
  const drawnParents = parents.filter((p) => openableHost(p) === null);

  const hits: PointHit[] = [];
  const points: Array<{ x: number; y: number }> = [];
  const rects = located.ranges.flatMap((r) => [...r.getClientRects()]).filter((b) => b.width > 0 && b.height > 0);
  for (const b of rects.slice(0, 8)) {
    const x = (b.left + b.right) / 2;
    const y = (b.top + b.bottom) / 2;
    if (!inView(view, x, y)) continue;
    points.push({ x, y });
    if (drawnParents.length > 0) hits.push(hitAt(doc, drawnParents, x, y));
  }
  const underStayingBox = hits.some((h) => h.movesWithView);
  // What the words' own element or one above it paints over them (a pseudo-element, an outline):
  // the hit test takes it for the words' own, so it is worked out from computed values, in view or not.
  const painted = new PaintedCovers(view);
  // Out of view, where no hit test tells, a box placed over the page that CSS paints over them.
  const outOfView = covers ?? new CoversOutOfView(doc, view);
  // What may be painted behind same-coloured words out of view, looked for once for the quote.
  const behind = new PaintedBoxes(view);
  const range = docOf.createRange(doc);
  for (const node of nodes) {
    const parent = flatParentElement(node)!;
    const host = openableHost(parent);
    const words = host === null ? ancestry.words(node, reach) : null;
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    const hasBox = host === null && box.width > 0 && box.height > 0;
    // Where the hit test passes through the words (`pointer-events: none`, inert), it passes through a
    // box over them too: what covers them is asked of CSS's painting order, as out of view.
    const unhit =
      !inView(view, (box.left + box.right) / 2, (box.top + box.bottom) / 2) ||
      passesHitTest(parent, view.getComputedStyle(parent));
    // A box that stays put in the view on top of them (the hit test's `movesWithView`) hides them
    // only if it lies over them at every scroll position (lib/page/seen/staying-lids.ts).
    const covered =
      hasBox &&
      (painted.covers(parent, box) ||
        (unhit && outOfView.covered(parent, box)) ||
        (underStayingBox && outOfView.underLid(parent, box)) ||
        // (A popover's backdrop is not hit: the top layer's backdrops are asked whatever the hit test says.)
        outOfView.underBackdrop(parent));
    // Some of the node's characters no reader sees (a line clamp, a line cut off): how many of the
    // quote's are among them (the table's row of `quoteCharsCut`).
    const hidden = words?.hidden;
    const measured: Measured =
      words === null
        ? { ...ancestry.hostBox(host!, reach), ...ancestry.look(parent) }
        : {
            opacity: words.opacity,
            effects: words.effects,
            glyphs: words.glyphs,
            ...(hidden === undefined ? {} : { quoteCharsCut: sum(located.ranges.map((r) => charsAmong(r, node, hidden))) }),
          };
    const verdict = seenVerdict({
      found: true,
      layout,
      ...rendered(host ?? parent, view),
      ...quoteWordsPaint(parent, view, host === null ? (points[0] ?? null) : null, behind),
      ...measured,
      ...(covered ? { covered } : {}),
    });
    if (!verdict.drawn) return verdict;
  }
  return seenVerdict({ found: true, hits });
}

/** How many of the characters of `node` that `range` holds lie in `runs` (of its characters, apart). */
function charsAmong(range: Range, node: Text, runs: readonly CharRun[]): number {
  if (!range.intersectsNode(node)) return 0;
  const start = range.startContainer === node ? range.startOffset : 0;
  const end = range.endContainer === node ? range.endOffset : node.length;
  return sum(runs.map(([a, b]) => Math.max(0, Math.min(b, end) - Math.max(a, start))));
}

const sum = (ns: readonly number[]) => ns.reduce((t, n) => t + n, 0);

/**
 * `checkVisibility` of `el` (false for opacity 0 or visibility hidden above, `content-visibility:
 * hidden`, no box), and its own visibility, for the table's rows.
 */
function rendered(el: Element, view: Window): Pick<Measured, 'rendered' | 'visibility'> {
  const cs = view.getComputedStyle(el);
  const rendered =
    cs.display === 'contents' ? undefined : elementOf.checkVisibility(el, { opacityProperty: true, visibilityProperty: true });
  return rendered === undefined ? { visibility: cs.visibility } : { visibility: cs.visibility, rendered };
}
