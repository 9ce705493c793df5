/**
 * For the evals (in the Chromium of tests/support/chromium.ts): our modules bundled for a page, and
 * corpus pages opened at their own URL with the network refused.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'puppeteer-core';
import type { CorpusPage } from './corpus';

/**
 * Bundles a module of ours for a page: its exports land on `window[globalName]`, so the eval runs
 * the very code the content script runs. `root`: another checkout of the project (a baseline),
 * whose `@/` imports resolve in it.
 */
export async function bundleForPage(
  entry: string,
  globalName: string,
  root: string = resolve(import.meta.dirname, '../..'),
): Promise<string> {
  const out = await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    target: 'chrome120',
    alias: { '@': root },
  });
  return out.outputFiles[0]!.text;
}

/**
 * Opens a corpus page at its own URL (so relative links and `document.URL` are as served), with
 * every other request refused: the corpus keeps no scripts, styles or images, and there is no network.
 */
export async function openCorpusPage(browser: Browser, page: CorpusPage): Promise<Page> {
  const tab = await browser.newPage();
  // Some pages call alert() inline, which would hold their load event forever.
  tab.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
  const url =
    typeof page.meta.url === 'string' && /^https?:/.test(page.meta.url) ? page.meta.url : `http://corpus.invalid/${page.name}/`;
  await tab.setRequestInterception(true);
  tab.on('request', (req) => {
    if (req.isInterceptResolutionHandled()) return;
    if (req.isNavigationRequest() && req.frame() === tab.mainFrame()) {
      void req.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: page.html });
    } else {
      void req.abort();
    }
  });
  await tab.goto(url, { waitUntil: 'load', timeout: 30_000 });
  return tab;
}
