/**
 * Which of a document's embedded frames its page does not show: a frame cannot see how its
 * parent draws it, so the parent says, and the worker leaves those frames' text out
 * (lib/worker/read/hidden-frames.ts, where a frame whose parent did not answer is not shown
 * either). A frame is shown only when it and every box around it are, by the rules of
 * lib/shared/seen/seen.ts: rendered, at an opacity a reader sees (the product up the tree), through no
 * mask, blend mode or filter not settled, of a size after every transform and every box around
 * it that hides overflow (a 1×1 wrapper, clip, clip-path: inset()), on the page, scaled no smaller
 * than a quarter (its words are then too small to read), and not under another box (where it is
 * in view, by the browser's hit test; out of view, under no box placed over the page after it).
 * A page that lays nothing out shows no frame. The judging of the box is lib/page/seen/box-shown.ts's,
 * which judges a video player the same way. Pure DOM code.
 */
import { boxJudge } from './box-shown';
import { docOf } from '@/lib/page/dom/dom';
import { MIN_FRAME_SIDE } from '@/lib/shared/seen/thresholds';

/** The indexes in `doc`'s `window.frames` of the frames its page does not show. */
export function hiddenChildFrames(doc: Document): number[] {
  const view = docOf.view(doc);
  if (!view || view.frames.length === 0) return [];
  const all = Array.from({ length: view.frames.length }, (_, i) => i);
  const seen = boxJudge(doc);
  if (seen === null) return all;
  const shown = new Set<number>();
  for (const el of docOf.all(doc, 'iframe, frame')) {
    const win = (el as HTMLIFrameElement).contentWindow;
    if (!win) continue;
    let index = -1;
    for (let i = 0; i < view.frames.length; i++) {
      if (view.frames[i] === win) {
        index = i;
        break;
      }
    }
    if (index >= 0 && seen(el, MIN_FRAME_SIDE).seen === 'seen') shown.add(index);
  }
  // A frame not found among the elements (in a closed shadow root, say) is not known to be shown.
  return all.filter((i) => !shown.has(i));
}
