/**
 * The toolbar popup no taller than the browser lets it be. Chromium sizes a popup to its content,
 * up to 600 px and less where the screen has less room under the toolbar (510 px on a 600 px
 * screen): the content then overflows and the whole page scrolls, the header and the question
 * box with it. Once the popup's height has settled below its content's, the app is capped to
 * that height (`--popup-max-height`, assets/app.css), so only the conversation scrolls.
 *
 * Settled means no change for SETTLE_MS: Chromium resizes a popup a moment after its content
 * grows, and a cap taken in between would keep the popup shorter than it could be.
 */

export const SETTLE_MS = 250;

/** The cap for a window `viewport` px high over content `content` px high: the viewport's height when the content overflows it, else none. */
export function heightCap(viewport: number, content: number): number | null {
  return content > viewport + 1 ? viewport : null;
}

/** What fitPopupHeight needs of the popup's window (a window, or a stand-in in tests). */
export interface PopupWindow {
  readonly innerHeight: number;
  readonly document: { readonly documentElement: HTMLElement; readonly body: HTMLElement };
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
  addEventListener(type: 'resize', listener: () => void): void;
}

/** Keeps the popup's app within its window's height; returns a function that stops watching. */
export function fitPopupHeight(win: PopupWindow, observe: (target: Element, changed: () => void) => () => void): () => void {
  const root = win.document.documentElement;
  let timer: number | undefined;
  const measureLater = () => {
    win.clearTimeout(timer);
    timer = win.setTimeout(() => {
      const cap = heightCap(win.innerHeight, root.scrollHeight);
      if (cap !== null) root.style.setProperty('--popup-max-height', `${cap}px`);
    }, SETTLE_MS);
  };
  // A popup that narrows as its scrollbar goes must keep its cap (lifting it would bring the
  // scrollbar back, and so on); one given more height than its cap takes the new height.
  win.addEventListener('resize', () => {
    const cap = parseFloat(root.style.getPropertyValue('--popup-max-height'));
    if (win.innerHeight > cap + 1) root.style.removeProperty('--popup-max-height');
    measureLater();
  });
  const stop = observe(win.document.body, measureLater);
  measureLater();
  return () => {
    win.clearTimeout(timer);
    stop();
  };
}

/** Calls `changed` whenever `target`'s size changes (a ResizeObserver). */
export function observeSize(target: Element, changed: () => void): () => void {
  const watch = new ResizeObserver(changed);
  watch.observe(target);
  return () => watch.disconnect();
}
