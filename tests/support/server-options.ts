/**
 * The options page as a user drives it to choose a server on this computer: the preset from the
 * Server list by the keyboard (a gesture the browser counts, as the permission request needs), the
 * server's own port typed in and saved (a typed address is asked for its models only then), a
 * listed model picked, Save. Shared by the local-model e2e files.
 */
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import type { Harness } from './harness';
import type { MessagesApi } from './stand-in/messages-api';

/**
 * The worker that answers, after a permission grant: Chrome starts the extension's worker again
 * then (the one held before answers no extension API), and puppeteer holds the new one paused.
 */
async function liveWorker(h: Harness): Promise<void> {
  for (let i = 0; i < 40; i++) {
    for (const t of h.browser.targets()) {
      if (t.type() !== 'service_worker' || !t.url().endsWith('/background.js')) continue;
      try {
        const cdp = await t.createCDPSession();
        await cdp.send('Runtime.runIfWaitingForDebugger').catch(() => {});
        const w = (await t.worker())!;
        const ok = await Promise.race([
          w.evaluate(() => chrome.storage.local.get(null).then(() => true)),
          new Promise<false>((r) => setTimeout(() => r(false), 1000)),
        ]);
        if (ok) {
          h.worker = w;
          return;
        }
      } catch {
        // The stopped worker: look at the next target.
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no live service worker');
}

/** Chooses `preset` in the real options page, points it at the stand-in's port, picks the first listed model, saves. */
export async function chooseServer(h: Harness, preset: string, api: MessagesApi, model: string): Promise<Page> {
  const options = await h.browser.newPage();
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  const select = await options.waitForSelector('::-p-aria(Server[role="combobox"])');
  // By the keyboard, as a user may: a choice the browser counts as the user's gesture, which the
  // permission request needs (puppeteer's select() is not one).
  await select!.focus();
  const chosen = () => options.$eval('#server', (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent);
  for (let i = 0; i < 12 && (await chosen()) !== preset; i++) await options.keyboard.press('ArrowDown');
  expect(await chosen()).toBe(preset);
  // The user's server listens on another port than the preset's: they type it, as they would.
  const base = await options.waitForSelector('::-p-aria(API base URL)');
  await base!.click({ count: 3 });
  await base!.type(api.url);
  // Nothing is asked of an address while it is typed: Save, and its models are listed. (A server
  // on this computer gets no other server's model: with none listed yet, Save says a model is
  // needed and asks the address for its list.)
  await options.locator('::-p-aria(Save[role="button"])').click();
  // Its models are listed; the first is chosen from the list.
  await options.waitForFunction(
    (m) => [...document.querySelectorAll('#server-models option')].some((o) => o.textContent === m),
    {},
    model,
  );
  await options.select('#server-models', model);
  expect(await options.$eval('#model', (i) => (i as HTMLInputElement).value)).toBe(model);
  await options.locator('::-p-aria(Save[role="button"])').click();
  await options.waitForFunction(() => document.querySelector('.status')?.textContent === 'Saved.');
  await liveWorker(h);
  return options;
}
