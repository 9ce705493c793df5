/**
 * Where a quote's glyphs are on the tab's screen, for the worker's proof by the pixels
 * (lib/worker/reveal/screen-proof.ts): the line boxes of each of its text nodes' words (not the
 * boxes of elements a range also lists, nor of white space), in the top view's CSS pixels, with
 * that view's size. A frame's boxes are moved by where each frame above it sits (its content box,
 * its scale: frame-place.ts); a frame whose parent it cannot reach (another origin) says its boxes
 * in its own view with its index path, and the worker asks the frames above where it sits
 * (lib/worker/reveal/place-in-top.ts). A view pinched in cannot be placed: null, and the worker
 * does not show the quote as seen on screen. Pure DOM code.
 */
import type { Box, ScreenBoxes } from '@/lib/shared/protocol/types';
import { MAX_SCREEN_BOXES } from '@/lib/shared/protocol/types';
import { placeUp } from './frame-place';
import { withinFrame } from '@/lib/shared/seen/ink-seen';

/** The line boxes of the words in `ranges`, in their own view's CSS pixels. */
function wordBoxes(doc: Document, ranges: Range[]): Box[] {
  const out: Box[] = [];
  for (const range of ranges) {
    const common = range.commonAncestorContainer;
    const nodes: Text[] = [];
    if (common.nodeType === 3) nodes.push(common as Text);
    else {
      const walker = doc.createTreeWalker(common, 4 /* NodeFilter.SHOW_TEXT */);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (range.intersectsNode(n)) nodes.push(n as Text);
    }
    for (const node of nodes) {
      const from = node === range.startContainer ? range.startOffset : 0;
      const to = node === range.endContainer ? range.endOffset : node.data.length;
      if (to <= from || !/\S/.test(node.data.slice(from, to))) continue;
      const part = doc.createRange();
      part.setStart(node, from);
      part.setEnd(node, to);
      for (const r of part.getClientRects()) {
        if (r.width > 0 && r.height > 0) out.push({ x: r.left, y: r.top, width: r.width, height: r.height });
      }
    }
  }
  return out;
}

/**
 * The quote's boxes on the top view's screen, or, in a frame whose parent is of another origin,
 * on that frame's view with its `path` (the worker places them above: `frame-box`); null when a
 * frame cannot say where it sits, or the view is pinched in.
 */
export function screenBoxes(doc: Document, ranges: Range[]): ScreenBoxes | null {
  const own = doc.defaultView;
  if (!own) return null;
  const boxes = wordBoxes(doc, ranges);
  if (boxes.length === 0 || boxes.length > MAX_SCREEN_BOXES) return null;
  const placed = placeUp(own, boxes);
  // Pinched in (a touch screen's zoom): the screen shows a part of the view; not placed. A box out
  // of the part of its frames that shows: the pixels there are the page's around them.
  if (!placed || placed.pinched) return null;
  if (placed.clip && !placed.boxes.every((b) => withinFrame(placed.clip!, b))) return null;
  const view = { width: placed.view.innerWidth, height: placed.view.innerHeight };
  return placed.path ? { view, boxes: placed.boxes, path: placed.path } : { view, boxes: placed.boxes };
}
