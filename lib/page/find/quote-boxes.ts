/**
 * Where a quote's glyphs are on the tab's screen, for the worker's proof by the pixels
 * (lib/worker/reveal/screen-proof.ts): the line boxes of each of its text nodes' words (not the
 * boxes of elements a range also lists, nor of white space), in the top view's CSS pixels, with
 * that view's size. A frame's boxes are moved by where each frame above it sits (its content box,
 * its scale); a frame whose parent it cannot reach (another origin) cannot say where it is, nor
 * a view pinched in: null, and the worker does not show the quote as seen on screen. Pure DOM code.
 */
import type { Box, ScreenBoxes } from '@/lib/shared/protocol/types';
import { MAX_SCREEN_BOXES } from '@/lib/shared/protocol/types';

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

/** The quote's boxes on the top view's screen, or null when a frame cannot say where it sits. */
export function screenBoxes(doc: Document, ranges: Range[]): ScreenBoxes | null {
  const own = doc.defaultView;
  if (!own) return null;
  let view: Window = own;
  let boxes = wordBoxes(doc, ranges);
  if (boxes.length === 0 || boxes.length > MAX_SCREEN_BOXES) return null;
  for (;;) {
    let frame: Element | null;
    try {
      if (view === view.top) break;
      frame = view.frameElement; // null across origins
    } catch {
      return null;
    }
    if (!frame) return null;
    const host = frame as HTMLElement;
    const rect = frame.getBoundingClientRect();
    const parent: Window | null = frame.ownerDocument.defaultView;
    if (!parent || !(host.offsetWidth > 0 && host.offsetHeight > 0)) return null;
    // The content box inside the frame's border and padding, at the frame's scale.
    const style = parent.getComputedStyle(frame);
    const scaleX = rect.width / host.offsetWidth;
    const scaleY = rect.height / host.offsetHeight;
    const left = rect.left + (host.clientLeft + parseFloat(style.paddingLeft || '0')) * scaleX;
    const top = rect.top + (host.clientTop + parseFloat(style.paddingTop || '0')) * scaleY;
    boxes = boxes.map((b) => ({
      x: left + b.x * scaleX,
      y: top + b.y * scaleY,
      width: b.width * scaleX,
      height: b.height * scaleY,
    }));
    view = parent;
  }
  // Pinched in (a touch screen's zoom): the screen shows a part of the view; not placed.
  if (view.visualViewport && Math.abs(view.visualViewport.scale - 1) > 0.01) return null;
  return { view: { width: view.innerWidth, height: view.innerHeight }, boxes };
}
