/**
 * Waiting until a page is worth reading: its document loaded and, for a page in view, its DOM
 * quiet for a moment (a single-page app has rendered what it fetched). Never longer than a cap:
 * a page that never settles (a ticker, a live feed, a slow image) is read as it is, and the
 * caller is told so.
 *
 * Event-driven, with no chain of timers: a tab in the background has its timers throttled, and
 * its DOM is as settled as it gets, so it is read as soon as it has loaded.
 */

export interface SettleOptions {
  /** No change to the DOM's nodes or text for this long counts as settled. */
  quietMs?: number;
  /** Never wait longer than this. */
  capMs?: number;
}

export const DEFAULT_QUIET_MS = 300;
export const DEFAULT_SETTLE_CAP_MS = 3_000;

export interface Settled {
  /** False when the cap ran out first: the page was still loading or changing. */
  settled: boolean;
  /** The document's readyState when the wait began. */
  readyState: DocumentReadyState;
  waitedMs: number;
}

export function settle(doc: Document, options: SettleOptions = {}): Promise<Settled> {
  const quietMs = Math.max(0, options.quietMs ?? DEFAULT_QUIET_MS);
  const capMs = Math.max(0, options.capMs ?? DEFAULT_SETTLE_CAP_MS);
  const view = doc.defaultView;
  const readyState = doc.readyState;
  const started = Date.now();
  // A tab in the background is not being changed by anyone reading it.
  const quiet = doc.visibilityState === 'hidden' ? 0 : quietMs;
  const Observer: typeof MutationObserver | undefined =
    (view as (Window & typeof globalThis) | null)?.MutationObserver ?? globalThis.MutationObserver;

  return new Promise((resolve) => {
    let done = false;
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let observer: MutationObserver | undefined;

    const finish = (settled: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(quietTimer);
      clearTimeout(capTimer);
      observer?.disconnect();
      view?.removeEventListener('load', onLoad);
      resolve({ settled, readyState, waitedMs: Date.now() - started });
    };
    /** (Re)starts the quiet period: settled once it runs out with no change in between. */
    const armQuiet = (): void => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(true), quiet);
    };
    const onLoad = (): void => armQuiet();
    const capTimer = setTimeout(() => finish(false), capMs);

    if (quiet > 0 && Observer) {
      observer = new Observer(() => {
        if (doc.readyState === 'complete') armQuiet();
      });
      observer.observe(doc, { childList: true, subtree: true, characterData: true });
    }
    if (doc.readyState === 'complete' || !view) {
      if (quiet === 0) finish(true);
      else armQuiet();
    } else {
      view.addEventListener('load', onLoad, { once: true });
    }
  });
}
