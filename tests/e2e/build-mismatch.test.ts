import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSION_DIR, launch, type Harness } from '../support/extension-browser';

/**
 * The screens and the worker of one build (issue #44): a profile where Chrome kept the previous
 * release's worker under this release's screens (seen after an update across a browser restart:
 * every read failed, naming a page script this build no longer has). Made here by loading this
 * build with its worker's build id changed, as an older worker's would be. The popup, opening,
 * restarts the extension once; when that does not mend it (the worker on disk is still the other
 * build's), it says what to do instead of restarting again and again.
 */

let h: Harness | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  h = undefined;
  dir = undefined;
});

const extensionUrl = (harness: Harness, page: string) => harness.worker.url().replace('background.js', page);

async function workerBuild(harness: Harness): Promise<string> {
  const page = await harness.browser.newPage();
  await page.goto(extensionUrl(harness, 'options.html'));
  const reply = (await page.evaluate(() => chrome.runtime.sendMessage({ type: 'build', screen: 'a test' }))) as { build: string };
  await page.close();
  return reply.build;
}

/** `chrome.storage.local`'s value of `name`, read in a page of the extension opened for it. */
async function stored(harness: Harness, origin: string, name: string): Promise<unknown> {
  const page = await harness.browser.newPage();
  try {
    await page.goto(`${origin}/options.html`);
    return await page.evaluate(async (n) => (await chrome.storage.local.get(n))[n], name);
  } finally {
    await page.close();
  }
}

describe('a worker of another build under this build’s screens', () => {
  it('restarts the extension once, then says what to do', async () => {
    // This build's id, as its worker answers it.
    h = await launch();
    const mine = await workerBuild(h);
    expect(mine).toMatch(/\S/);
    await h.close();
    h = undefined;

    // The same build, its worker answering another build's id.
    dir = mkdtempSync(join(tmpdir(), 'cited-tabs-mismatch-'));
    cpSync(EXTENSION_DIR, dir, { recursive: true });
    const worker = join(dir, 'background.js');
    const code = readFileSync(worker, 'utf8');
    expect(code).toContain(mine);
    writeFileSync(worker, code.split(mine).join('a-previous-build'));
    h = await launch({ extensionDir: dir });
    expect(await workerBuild(h)).toBe('a-previous-build');
    const origin = h.worker.url().replace('/background.js', '');

    // Opened, the popup restarts the extension: `runtime.reload()` is recorded here instead of done
    // (a reloaded extension does not come back under puppeteer's control of the browser; what the
    // restart itself does is Chromium's), and the restart is noted.
    const popup: Page = await h.browser.newPage();
    await popup.evaluateOnNewDocument(() => {
      Object.defineProperty(chrome.runtime, 'reload', {
        configurable: true,
        value: () => void ((window as unknown as { restarted: number }).restarted = Date.now()),
      });
    });
    await popup.goto(`${origin}/popup.html`);
    await popup.waitForFunction(() => (window as unknown as { restarted?: number }).restarted !== undefined, { timeout: 15_000 });
    expect(await h.worker.evaluate(async () => (await chrome.storage.local.get('buildRestart')).buildRestart)).toMatchObject({
      build: mine,
    });
    expect(await popup.$('.build-mismatch')).toBeNull();

    // Still the other build's worker (the restart did not mend it): the next popup says what to do,
    // and restarts nothing more.
    const again = await h.browser.newPage();
    await again.evaluateOnNewDocument(() => {
      Object.defineProperty(chrome.runtime, 'reload', {
        configurable: true,
        value: () => void ((window as unknown as { restarted: number }).restarted = Date.now()),
      });
    });
    await again.goto(`${origin}/popup.html`);
    // An alert of its own (without a key, "Add an API key" is one too, and may come first).
    const note = await again.waitForSelector('.build-mismatch[role="alert"]', { timeout: 15_000 });
    expect(await note!.evaluate((el) => el.textContent)).toBe(
      'Cited Tabs was updated, but the browser still runs the previous version in the background, so no page can be read. Restart the browser, or turn Cited Tabs off and on again on the browser’s extensions page.',
    );
    expect(await again.evaluate(() => (window as unknown as { restarted?: number }).restarted)).toBeUndefined();
  });

  it('of the same build: the popup restarts nothing and says nothing', async () => {
    h = await launch();
    const origin = h.worker.url().replace('/background.js', '');
    const popup = await h.browser.newPage();
    await popup.goto(`${origin}/popup.html`);
    await popup.waitForSelector('::-p-aria(Question)');
    await new Promise((r) => setTimeout(r, 1000));
    expect(popup.isClosed()).toBe(false);
    expect(await popup.$('.build-mismatch')).toBeNull();
    expect(await stored(h, origin, 'buildRestart')).toBeUndefined();
  });
});
