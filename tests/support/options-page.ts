/**
 * The options page's "Advanced" disclosure opened as a user opens it (a click on its summary),
 * for the tests that set an expert setting: fields inside a closed <details> are not rendered, so
 * neither a user nor the accessibility tree finds them.
 */
import type { Page } from 'puppeteer-core';

export async function openAdvanced(options: Page): Promise<void> {
  const summary = await options.waitForSelector('details.advanced > summary');
  if (!(await options.$eval('details.advanced', (d) => (d as HTMLDetailsElement).open))) await summary!.click();
  await options.waitForFunction(() => (document.querySelector('details.advanced') as HTMLDetailsElement).open);
}

/** A month of diagnostics with long model and site names: the tables that used to overflow. */
export async function seedDiagnostics(worker: { evaluate: (fn: () => Promise<void>) => Promise<unknown> }): Promise<void> {
  await worker.evaluate(async () => {
    const now = Date.now();
    const runLog = [0, 1, 2, 3].map((i) => ({
      at: now - i * 86_400_000,
      model: i % 2 ? 'claude-sonnet-5-5-a-rather-long-model-name-20261205' : 'openai/gpt-5-mini',
      sites: [i % 2 ? 'a-very-long-subdomain.museum-of-examples.example.org' : 'museum.example'],
      citations: 3,
      broken: i,
      retried: i === 2,
      droppedClaims: i === 3 ? 1 : 0,
      outcome: i === 1 ? 'error' : 'answer',
    }));
    await chrome.storage.local.set({ runLog });
  });
}
