/**
 * Frames a tab does not show: each frame reports which of its embedded frames its page draws
 * with no size, hidden, transparent or off the page (lib/page/frame-visibility.ts), and a frame
 * inside one of those is not shown either. Their text is no reader's, so it is not sent. Pure.
 */
import type { PageText } from '@/lib/shared/types';

type FrameRead = { frameId: number; page: PageText };

/** The frameIds of the frames that a frame above them does not show. */
export function framesNotShown(frames: FrameRead[]): Set<number> {
  const key = (path: number[]) => path.join('/');
  const byPath = new Map<string, FrameRead>();
  for (const f of frames) {
    const path = f.frameId === 0 ? [] : f.page.focus?.path;
    if (path) byPath.set(key(path), f);
  }
  const out = new Set<number>();
  for (const f of frames) {
    const path = f.frameId === 0 ? [] : f.page.focus?.path;
    if (!path) continue;
    for (let k = 0; k < path.length; k++) {
      const parent = byPath.get(key(path.slice(0, k)));
      if (parent?.page.coverage?.hiddenChildren?.includes(path[k]!)) {
        out.add(f.frameId);
        break;
      }
    }
  }
  return out;
}
