/**
 * A quote in a frame of another origin than its parent cannot say where it sits in the tab: its
 * frame gives its line boxes in its own view with its index path (lib/page/find/quote-boxes.ts),
 * and here, before any capture (on-screen.ts), the worker finds the frame above it by that path,
 * asks it where its child sits and whether a reader sees it (`frame-box`,
 * lib/page/find/frame-place.ts), and moves the boxes up, level by level, into the top view's CSS
 * pixels, which the pixel proof measures (screen-proof.ts). Fail closed: a frame above not found or
 * found twice, no answer within its limit, a frame element a reader does not see, a view pinched
 * in, a quote box not inside the part of the frame that shows, or the frames moved among their
 * parents' `frames` while they answered, and the quote is not placed (`unconfirmed`). The browser's part is passed in, so that the composition is tested without one.
 */
import { browser } from 'wxt/browser';
import type { Box, FrameBox, ScreenBoxes } from '@/lib/shared/protocol/types';
import { MAX_FRAME_DEPTH } from '@/lib/shared/core/limits';
import { withinFrame } from '@/lib/shared/seen/ink-seen';
import { callQuoteFinder } from '@/lib/worker/read/call-page';
import { PAGE_ANSWER_MS, withinLimit } from './time-limit';

/** A frame of the tab with what it said of its own index path (anything: checked before use). */
export interface FramePath {
  frameId: number;
  path: unknown;
}

/** What placing asks of the browser. */
export interface PlaceEffects {
  /** Every frame of the tab that answers, with its own index path from the top. */
  framePaths(): Promise<FramePath[]>;
  /** Where frame `frameId`'s child `index` sits, as the frame says (`found: false` when it does not answer). */
  frameBox(frameId: number, index: number): Promise<FrameBox>;
}

const isPath = (p: unknown): p is number[] =>
  Array.isArray(p) && p.length <= MAX_FRAME_DEPTH && p.every((i) => Number.isInteger(i) && i >= 0);

const samePath = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The one frame at `path` (the top frame at []), or null when none is, or more than one says so. */
export function frameAt(frames: FramePath[], path: number[]): number | null {
  const at = frames.filter((f) => isPath(f.path) && samePath(f.path, path));
  if (at.length !== 1) return null;
  const { frameId } = at[0]!;
  return path.length === 0 ? (frameId === 0 ? 0 : null) : frameId === 0 ? null : frameId;
}

/**
 * `screen`'s boxes (in the view at `childPath`) moved one step up by what the frame at
 * `childPath` minus its last index said of it (`box`), or null when that proves nothing: not
 * found, not seen, pinched in, a scale of no size, a view said to sit anywhere but at or above the
 * asked frame, or a box not inside the part of the frame that shows.
 */
export function placeOneUp(boxes: Box[], childPath: number[], box: FrameBox): ScreenBoxes | null {
  if (!box.found || !box.seen || box.pinched) return null;
  const { origin, clip, view, path } = box;
  if (!(origin.scaleX > 0 && origin.scaleY > 0) || !(view.width > 0 && view.height > 0)) return null;
  // The frame asked sits at childPath minus its last index; its walk up reaches it or a frame above it.
  if (path && !(path.length < childPath.length && samePath(path, childPath.slice(0, path.length)))) return null;
  const moved = boxes.map((b) => ({
    x: origin.x + b.x * origin.scaleX,
    y: origin.y + b.y * origin.scaleY,
    width: b.width * origin.scaleX,
    height: b.height * origin.scaleY,
  }));
  if (!moved.every((b) => withinFrame(clip, b))) return null;
  return path ? { view, boxes: moved, path } : { view, boxes: moved };
}

/**
 * `screen` in the top view's CSS pixels: as it is when it has no path, otherwise moved up through
 * each frame above it; null when it cannot be placed.
 */
export async function placeInTop(screen: ScreenBoxes, fx: PlaceEffects): Promise<ScreenBoxes | null> {
  if (!screen.path) return screen;
  const frames = await fx.framePaths();
  // Each frame met on the way up, by its path: the same frames must sit there once all have answered.
  const met = new Map<string, number | null>([[String(screen.path), frameAt(frames, screen.path)]]);
  let now: ScreenBoxes = screen;
  for (let level = 0; now.path; level++) {
    const childPath = now.path;
    if (level >= MAX_FRAME_DEPTH || childPath.length === 0) return null;
    const parentPath = childPath.slice(0, -1);
    const frameId = frameAt(frames, parentPath);
    if (frameId === null) return null;
    met.set(String(parentPath), frameId);
    const up = placeOneUp(now.boxes, childPath, await fx.frameBox(frameId, childPath[childPath.length - 1]!));
    if (!up) return null;
    now = up;
  }
  // A frame added, removed or moved among its parent's `frames` meanwhile: an index may have
  // named another frame than the quote's, whose pixels prove nothing of it.
  const after = await fx.framePaths();
  for (const [path, frameId] of met) {
    if (frameId === null || frameAt(after, path === '' ? [] : path.split(',').map(Number)) !== frameId) return null;
  }
  return now;
}

/**
 * A frame's own index path from the top, run in each frame of the tab (injected as it is written:
 * it uses nothing outside itself), walked as lib/page/dom/frame-path.ts walks it; null when an
 * ancestor is out of reach or a frame is not found among its parent's `frames`.
 */
function ownFramePath(maxDepth: number): number[] | null {
  const path: number[] = [];
  try {
    let w: Window = window;
    for (let depth = 0; depth < maxDepth; depth++) {
      const parent: Window | null = w.parent;
      if (!parent || parent === w) return path;
      let index = -1;
      for (let i = 0; i < parent.length; i++) {
        if (parent[i] === w) {
          index = i;
          break;
        }
      }
      if (index < 0) return null;
      path.unshift(index);
      w = parent;
    }
  } catch {
    // An ancestor out of reach.
  }
  return null;
}

/** The browser's part: each frame's path by a probe in every frame, and each frame's `frame-box` by its quote finder. */
export function browserPlace(tabId: number): PlaceEffects {
  return {
    framePaths: async () => {
      const probe = browser.scripting
        .executeScript({
          target: { tabId, allFrames: true },
          func: ownFramePath,
          args: [MAX_FRAME_DEPTH],
          injectImmediately: true,
        })
        .then((results) => results.map((r) => ({ frameId: r.frameId, path: r.result })));
      // None found (the probe refused or late): no frame above is found, and the quote is not placed.
      return withinLimit(probe, PAGE_ANSWER_MS, () => []).catch(() => []);
    },
    frameBox: async (frameId, index) => {
      const asked = callQuoteFinder(tabId, frameId, { type: 'frame-box', index }, { immediately: true });
      const notFound: FrameBox = { found: false };
      return withinLimit(asked, PAGE_ANSWER_MS, () => notFound).catch(() => notFound);
    },
  };
}
