/**
 * Waiting until a page is worth reading: its document loaded and, for a page in view, its DOM
 * quiet for a moment (a single-page app has rendered what it fetched). Never longer than a cap:
 * a page that never settles (a ticker, a live feed, a slow image) is read as it is, and the
 * caller is told so.
 *
 * Event-driven, with no chain of timers: a tab in the background has its timers throttled, and
 * its DOM is as settled as it gets, so it is read as soon as it has loaded.
 *
 * A page that finished loading, and fetching, long before the question (the usual case: the user
 * read it, then asked) is only watched for a short probe: no change in it, and it is read. One
 * change, and it gets the whole quiet period again, as a page still rendering does.
 */

export interface SettleOptions {
  /** No change to the DOM's nodes or text for this long counts as settled. */
  quietMs?: number;
  /** Never wait longer than this. */
  capMs?: number;
  /**
   * How long the page had been still when the wait began, as far as it knows (by default from its
   * Performance timings: `stillFor`). At least `quietMs`: only a probe of `probeMs` is waited.
   */
  stillForMs?: number;
  /** The short watch for changes on a page that has long been still. */
  probeMs?: number;
}

export const DEFAULT_QUIET_MS = 300;
export const DEFAULT_SETTLE_CAP_MS = 3_000;
export const DEFAULT_PROBE_MS = 40;

/**
 * How long ago the page last loaded or fetched anything: its load event's end, or the end of the
 * latest response it received (a script fetching content shows there), whichever is later.
 * Undefined when the browser does not say (no navigation timing, or a load not yet ended).
 */
export function stillFor(view: Pick<Window, 'performance'> | null): number | undefined {
  const perf = view?.performance;
  if (!perf?.getEntriesByType) return undefined;
  const nav = perf.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!nav?.loadEventEnd) return undefined;
  let last = nav.loadEventEnd;
  for (const r of perf.getEntriesByType('resource') as PerformanceResourceTiming[]) last = Math.max(last, r.responseEnd);
  return perf.now() - last;
}

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
  // Long still before the question: a probe instead of the whole quiet period, until a change.
  const still = readyState === 'complete' && quiet > 0 ? (options.stillForMs ?? stillFor(view)) : undefined;
  let period = still !== undefined && still >= quiet ? Math.min(quiet, Math.max(0, options.probeMs ?? DEFAULT_PROBE_MS)) : quiet;
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
      quietTimer = setTimeout(() => finish(true), period);
    };
    const onLoad = (): void => armQuiet();
    const capTimer = setTimeout(() => finish(false), capMs);

    if (quiet > 0 && Observer) {
      observer = new Observer(() => {
        if (doc.readyState !== 'complete') return;
        period = quiet;
        armQuiet();
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
