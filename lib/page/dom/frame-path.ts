/**
 * Where a frame sits in its tab, by a path readable across origins: its index in each ancestor's
 * `frames`, from the top. The page script says it with its reading (lib/page/read/read-frame.ts,
 * so that the worker finds the focused frame), and the quote finder with the boxes of a quote in a
 * frame whose parent is of another origin (lib/page/find/quote-boxes.ts), so that the worker can
 * ask each ancestor where its child sits (lib/worker/reveal/place-in-top.ts, whose injected
 * function walks the same way). Pure DOM code.
 */
import { MAX_FRAME_DEPTH } from '@/lib/shared/core/limits';

/**
 * `view`'s index path from the top, and whether it reaches the top (`whole`): an ancestor out of
 * reach, or a frame not found among its parent's `frames`, ends the walk with what was found.
 */
export function framePath(view: Window): { path: number[]; whole: boolean } {
  const path: number[] = [];
  try {
    let w: Window = view;
    for (let depth = 0; depth < MAX_FRAME_DEPTH; depth++) {
      const parent: Window | null = w.parent;
      if (!parent || parent === w) return { path, whole: true };
      let index = -1;
      for (let i = 0; i < parent.length; i++) {
        if (parent[i] === w) {
          index = i;
          break;
        }
      }
      if (index < 0) break;
      path.unshift(index);
      w = parent;
    }
  } catch {
    // An ancestor out of reach: the path is what was found.
  }
  return { path, whole: false };
}
