/**
 * Which of a document's embedded frames its page does not show (zero size, hidden, transparent,
 * off the page): a frame cannot see how its parent draws it, so the parent says, and the worker
 * leaves those frames' text out (lib/worker/read/hidden-frames.ts). Pure DOM code.
 */
import { placeHides } from './paint';

/** A frame box narrower or shorter than this (CSS pixels) shows nothing. */
export const MIN_FRAME_SIDE = 2;

/** The indexes in `doc`'s `window.frames` of the frames its page does not show. */
export function hiddenChildFrames(doc: Document): number[] {
  const view = doc.defaultView;
  if (!view || view.frames.length === 0 || doc.documentElement.clientWidth === 0) return [];
  const root = doc.scrollingElement ?? doc.documentElement;
  const reach = {
    scrollX: view.scrollX,
    scrollY: view.scrollY,
    width: Math.max(root.scrollWidth, view.innerWidth),
    height: Math.max(root.scrollHeight, view.innerHeight),
  };
  const out: number[] = [];
  for (const el of doc.querySelectorAll('iframe, frame')) {
    const win = (el as HTMLIFrameElement).contentWindow;
    if (!win) continue;
    let index = -1;
    for (let i = 0; i < view.frames.length; i++) {
      if (view.frames[i] === win) {
        index = i;
        break;
      }
    }
    if (index >= 0 && !frameShown(el)) out.push(index);
  }
  return out;

  function frameShown(el: Element): boolean {
    const box = el as Element & { checkVisibility?: (o: object) => boolean };
    if (typeof box.checkVisibility === 'function' && !box.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      return false;
    }
    const rect = el.getBoundingClientRect();
    if (rect.width < MIN_FRAME_SIDE || rect.height < MIN_FRAME_SIDE) return false;
    return placeHides(rect, reach) === null;
  }
}
