/**
 * Frames a tab does not show: each frame reports which of its embedded frames its page does not
 * show (lib/page/seen/frame-visibility.ts), and a frame inside one of those is not shown either. A
 * frame is shown only when every frame above it was read and says so: a frame whose parent (or
 * any frame above) has no reading, or that does not say where it sits, is not shown: the table of
 * rules (lib/shared/seen/seen.ts, `framePlaced`, `framesAboveRead`, `framesAboveShow`) says so.
 * Their text is no reader's, so it is not sent. Pure.
 */
import type { PageText } from '@/lib/shared/protocol/types';
import { asker } from '@/lib/shared/seen/seen';
import type { Measured } from '@/lib/shared/seen/measured';

const askFrames = asker(['framePlaced', 'framesAboveRead', 'framesAboveShow']);
const shown = (m: Measured) => askFrames(m).seen === 'seen';

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
    if (f.frameId === 0) continue;
    const path = f.page.focus?.path;
    if (!path || path.length === 0) {
      if (!shown({ framePlaced: false })) out.add(f.frameId);
      continue;
    }
    for (let k = 0; k < path.length; k++) {
      const parent = byPath.get(key(path.slice(0, k)));
      const above = {
        framesAboveRead: parent !== undefined,
        framesAboveShow: !parent?.page.coverage?.hiddenChildren?.includes(path[k]!),
      };
      if (!shown(above)) {
        out.add(f.frameId);
        break;
      }
    }
  }
  return out;
}
