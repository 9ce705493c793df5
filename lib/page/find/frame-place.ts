/**
 * Where a frame's view sits in the views above it, for the proof on screen of a quote in a frame
 * (lib/worker/reveal/screen-proof.ts measures line boxes in the top view's CSS pixels): a frame
 * element's content box (inside its border and padding) at its scale, boxes moved up through each
 * frame a view can reach (same origin), and, where the walk stops at a frame whose parent is of
 * another origin, that frame's index path, so that the worker asks the parent (`frame-box`) where
 * its child sits and whether a reader sees it, and the chain of frames composes. Pure DOM code.
 */
import type { Box, FrameBox } from '@/lib/shared/protocol/types';
import { MAX_FRAME_DEPTH } from '@/lib/shared/core/limits';
import { docOf } from '@/lib/page/dom/dom';
import { framePath } from '@/lib/page/dom/frame-path';
import { boxJudge } from '@/lib/page/seen/box-shown';
import { MIN_FRAME_SIDE } from '@/lib/shared/seen/thresholds';

/** A frame element's content box in its parent view, and how large one of its child's CSS pixels is there. */
interface Placement {
  parent: Window;
  left: number;
  top: number;
  scaleX: number;
  scaleY: number;
  content: Box;
}

/** Boxes moved up to `view`, the part of them any frame crossed lets show (`clip`), and `view`'s `path` when it is not the top. */
export interface Placed {
  view: Window;
  boxes: Box[];
  clip: Box | null;
  path?: number[];
  /** The view reached is pinched in (a touch screen's zoom): the screen shows a part of it. */
  pinched: boolean;
}

function contentPlace(frame: Element): Placement | null {
  const host = frame as HTMLElement;
  const parent = docOf.view(frame.ownerDocument);
  if (!parent || !(host.offsetWidth > 0 && host.offsetHeight > 0)) return null;
  const rect = frame.getBoundingClientRect();
  const style = parent.getComputedStyle(frame);
  const px = (v: string) => parseFloat(v || '0') || 0;
  const scaleX = rect.width / host.offsetWidth;
  const scaleY = rect.height / host.offsetHeight;
  const left = rect.left + (host.clientLeft + px(style.paddingLeft)) * scaleX;
  const top = rect.top + (host.clientTop + px(style.paddingTop)) * scaleY;
  const width = Math.max(0, host.clientWidth - px(style.paddingLeft) - px(style.paddingRight)) * scaleX;
  const height = Math.max(0, host.clientHeight - px(style.paddingTop) - px(style.paddingBottom)) * scaleY;
  return { parent, left, top, scaleX, scaleY, content: { x: left, y: top, width, height } };
}

const moved = (b: Box, p: Placement): Box => ({
  x: p.left + b.x * p.scaleX,
  y: p.top + b.y * p.scaleY,
  width: b.width * p.scaleX,
  height: b.height * p.scaleY,
});

/** The part of `a` inside `b` (of no size when they do not meet). */
function cutBox(a: Box, b: Box): Box {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/** Whether a reader sees the frame element `frame` now, as the reading judges a frame (lib/page/seen/frame-visibility.ts). */
function frameSeen(frame: Element): boolean {
  const judge = boxJudge(frame.ownerDocument);
  return judge !== null && judge(frame, MIN_FRAME_SIDE).seen === 'seen';
}

function pinchedIn(view: Window): boolean {
  return !!view.visualViewport && Math.abs(view.visualViewport.scale - 1) > 0.01;
}

/**
 * `boxes`, in `own`'s CSS pixels, moved up through every frame whose parent `own` can reach, to the
 * top view or to the frame whose parent is of another origin (with its path); null where a frame
 * is not placed (no size), a frame element crossed is not seen by a reader, or a path cannot be told.
 */
export function placeUp(own: Window, boxes: Box[]): Placed | null {
  let view = own;
  let clip: Box | null = null;
  for (let depth = 0; ; depth++) {
    if (view === view.top) break;
    let frame: Element | null;
    try {
      frame = view.frameElement; // null across origins
    } catch {
      frame = null;
    }
    if (!frame) {
      const { path, whole } = framePath(view);
      if (!whole || path.length === 0) return null;
      return { view, boxes, clip, path, pinched: pinchedIn(view) };
    }
    const place = contentPlace(frame);
    // A frame element a reader does not see (under another box, faded, off the page) shows none of
    // its quote, whatever the pixels there hold.
    if (!place || depth >= MAX_FRAME_DEPTH || !frameSeen(frame)) return null;
    boxes = boxes.map((b) => moved(b, place));
    clip = clip ? cutBox(moved(clip, place), place.content) : place.content;
    view = place.parent;
  }
  return { view, boxes, clip, pinched: pinchedIn(view) };
}

/**
 * Where `doc`'s child frame `index` (of its view's `frames`) sits, placed as far up as this frame
 * can reach, and whether a reader sees its element now (frame-visibility.ts's judge).
 */
export function frameBox(doc: Document, index: number): FrameBox {
  const view = docOf.view(doc);
  if (!view || index < 0 || index >= view.frames.length) return { found: false };
  const child = view.frames[index];
  let el: Element | undefined;
  for (const e of docOf.all(doc, 'iframe, frame')) {
    if ((e as HTMLIFrameElement).contentWindow === child) {
      el = e;
      break;
    }
  }
  const place = el && contentPlace(el);
  if (!el || !place) return { found: false };
  const seen = frameSeen(el);
  // One of the child's CSS pixels at its origin, and its content box, moved up as the quote's boxes are.
  const unit: Box = { x: place.left, y: place.top, width: place.scaleX, height: place.scaleY };
  const up = placeUp(view, [unit, place.content]);
  if (!up) return { found: false };
  const [u, content] = up.boxes as [Box, Box];
  return {
    found: true,
    origin: { x: u.x, y: u.y, scaleX: u.width, scaleY: u.height },
    clip: up.clip ? cutBox(content, up.clip) : content,
    seen,
    pinched: up.pinched || pinchedIn(view),
    view: { width: up.view.innerWidth, height: up.view.innerHeight },
    ...(up.path ? { path: up.path } : {}),
  };
}
