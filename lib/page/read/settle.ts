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
 * change, and it gets the whole quiet period again, as a page still rendering does. Its reader
 * (read-frame.ts) reads it at once and watches it for the probe meanwhile (`probeOf`,
 * `watchQuiet`): the reading stands if nothing changed by the probe's end.
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

/** The quiet period this document needs: none for a tab in the background. */
function quietOf(doc: Document, options: SettleOptions): number {
  // A tab in the background is not being changed by anyone reading it.
  return doc.visibilityState === 'hidden' ? 0 : Math.max(0, options.quietMs ?? DEFAULT_QUIET_MS);
}

/**
 * The probe a page in view needs, when it loaded and fetched its last long before the question
 * (at least the quiet period ago); undefined when it needs the whole quiet period, or none.
 */
export function probeOf(doc: Document, options: SettleOptions = {}): number | undefined {
  const quiet = quietOf(doc, options);
  if (doc.readyState !== 'complete' || quiet === 0) return undefined;
  const still = options.stillForMs ?? stillFor(doc.defaultView);
  return still !== undefined && still >= quiet ? Math.min(quiet, Math.max(0, options.probeMs ?? DEFAULT_PROBE_MS)) : undefined;
}

/** Whether the DOM's nodes or text changed since the watch began (what a quiet period watches). */
export function watchQuiet(doc: Document): { changed: () => boolean; stop: () => void } {
  const Observer = observerOf(doc);
  let changed = false;
  const observer = Observer ? new Observer(() => (changed = true)) : undefined;
  observer?.observe(doc, { childList: true, subtree: true, characterData: true });
  return {
    changed: () => changed || (observer?.takeRecords().length ?? 0) > 0,
    stop: () => observer?.disconnect(),
  };
}

function observerOf(doc: Document): typeof MutationObserver | undefined {
  return (doc.defaultView as (Window & typeof globalThis) | null)?.MutationObserver ?? globalThis.MutationObserver;
}

export function settle(doc: Document, options: SettleOptions = {}): Promise<Settled> {
  const capMs = Math.max(0, options.capMs ?? DEFAULT_SETTLE_CAP_MS);
  const view = doc.defaultView;
  const readyState = doc.readyState;
  const started = Date.now();
  const quiet = quietOf(doc, options);
  // Long still before the question: a probe instead of the whole quiet period, until a change.
  let period = probeOf(doc, options) ?? quiet;
  const Observer = observerOf(doc);

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
