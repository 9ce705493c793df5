/**
 * Waits until the page has drawn since now (two animation frames: the one that lays out what
 * changed, and the one after it that is on screen), so that a capture of the tab shows the quote
 * where the scroll put it. A page not drawn within a second (a tab in the background draws none)
 * answers false, and the worker does not take a capture for the page's. Pure DOM code.
 */

/** The longest wait for the page to draw (ms). */
export const FRAMES_TIMEOUT_MS = 1000;

export function framesSeen(view: Window = window): Promise<{ ok: boolean }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false }), FRAMES_TIMEOUT_MS);
    view.requestAnimationFrame(() =>
      view.requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve({ ok: true });
      }),
    );
  });
}
