// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settle, stillFor } from './settle';

/** Overrides a read-only document property for one test. */
function fake<K extends 'readyState' | 'visibilityState'>(key: K, value: Document[K]): void {
  Object.defineProperty(document, key, { value, configurable: true });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  document.body.innerHTML = '<p>start</p>';
});

afterEach(() => {
  // Back to happy-dom's own getters.
  delete (document as unknown as Record<string, unknown>).readyState;
  delete (document as unknown as Record<string, unknown>).visibilityState;
});

describe('settle', () => {
  it('settles a loaded, quiet page after the quiet period', async () => {
    fake('readyState', 'complete');
    fake('visibilityState', 'visible');
    const started = Date.now();
    const result = await settle(document, { quietMs: 40, capMs: 2000 });
    expect(result.settled).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits while a single-page app is still rendering, then reads what it rendered', async () => {
    fake('readyState', 'complete');
    fake('visibilityState', 'visible');
    // The app adds a result every 20 ms, five times, then stops.
    let added = 0;
    const timer = setInterval(() => {
      document.body.insertAdjacentHTML('beforeend', `<p>result ${++added}</p>`);
      if (added === 5) clearInterval(timer);
    }, 20);
    const result = await settle(document, { quietMs: 60, capMs: 2000 });
    expect(result.settled).toBe(true);
    expect(added).toBe(5);
  });

  it('gives up at the cap on a page that never stops changing, and says so', async () => {
    fake('readyState', 'complete');
    fake('visibilityState', 'visible');
    const ticker = setInterval(() => {
      document.body.firstElementChild!.textContent = String(Date.now());
    }, 10);
    try {
      const started = Date.now();
      const result = await settle(document, { quietMs: 50, capMs: 250 });
      expect(result.settled).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(240);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      clearInterval(ticker);
    }
  });

  it('waits for a loading document to finish loading', async () => {
    fake('readyState', 'loading');
    fake('visibilityState', 'visible');
    const pending = settle(document, { quietMs: 20, capMs: 5000 });
    await wait(100);
    fake('readyState', 'complete');
    window.dispatchEvent(new Event('load'));
    const result = await pending;
    expect(result).toMatchObject({ settled: true, readyState: 'loading' });
    expect(result.waitedMs).toBeGreaterThanOrEqual(100);
  });

  it('reports a document that is still loading at the cap as unsettled', async () => {
    fake('readyState', 'interactive');
    fake('visibilityState', 'visible');
    const result = await settle(document, { quietMs: 20, capMs: 100 });
    expect(result).toMatchObject({ settled: false, readyState: 'interactive' });
  });

  it('reads a loaded tab in the background at once: nobody is changing it, and its timers are slowed', async () => {
    fake('readyState', 'complete');
    fake('visibilityState', 'hidden');
    const started = Date.now();
    const result = await settle(document, { quietMs: 5000, capMs: 10_000 });
    expect(result.settled).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('reads a page that has long been still after a short probe, not the whole quiet period', async () => {
    fake('readyState', 'complete');
    fake('visibilityState', 'visible');
    const started = Date.now();
    const result = await settle(document, { quietMs: 400, capMs: 3000, stillForMs: 60_000, probeMs: 30 });
    expect(result.settled).toBe(true);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('gives a long-still page that changes during the probe the whole quiet period again', async () => {
    fake('readyState', 'complete');
    fake('visibilityState', 'visible');
    setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>late result</p>'), 10);
    const started = Date.now();
    const result = await settle(document, { quietMs: 300, capMs: 3000, stillForMs: 60_000, probeMs: 40 });
    expect(result.settled).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(document.body.textContent).toContain('late result');
  });

  it('waits the whole quiet period on a page that loaded or fetched only just now', async () => {
    fake('readyState', 'complete');
    fake('visibilityState', 'visible');
    const started = Date.now();
    await settle(document, { quietMs: 200, capMs: 3000, stillForMs: 50, probeMs: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('stillFor', () => {
  const perf = (nav: Partial<PerformanceNavigationTiming> | null, responses: number[], now: number) => ({
    performance: {
      getEntriesByType: (type: string) =>
        type === 'navigation' ? (nav ? [nav] : []) : type === 'resource' ? responses.map((responseEnd) => ({ responseEnd })) : [],
      now: () => now,
    } as unknown as Performance,
  });

  it('counts from the load event or the latest response, whichever ended later', () => {
    expect(stillFor(perf({ loadEventEnd: 1000 }, [], 4000))).toBe(3000);
    expect(stillFor(perf({ loadEventEnd: 1000 }, [200, 2500], 4000))).toBe(1500);
  });

  it('does not know when the browser does not say, or the load has not ended', () => {
    expect(stillFor(perf(null, [], 4000))).toBeUndefined();
    expect(stillFor(perf({ loadEventEnd: 0 }, [], 4000))).toBeUndefined();
    expect(stillFor(null)).toBeUndefined();
  });
});
