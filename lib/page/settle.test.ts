// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settle } from './settle';

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
});
