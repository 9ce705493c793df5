import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { answerReply, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/**
 * Reading ahead (lib/worker/read/read-ahead.ts): the tabs a question would read are read while it
 * is typed, so Ask finds them read; what a reader sees at Ask is what is sent, and nothing runs in a
 * page before a question has words in its box.
 */

const h = useExtension();

/** Whether a script of the extension runs in `page`: its isolated world, as DevTools lists them. */
async function extensionRunsIn(page: Page): Promise<boolean> {
  const cdp = await page.createCDPSession();
  const worlds: string[] = [];
  cdp.on('Runtime.executionContextCreated', (e: { context: { origin: string } }) => worlds.push(e.context.origin));
  // Enabling the domain reports every world the page already has.
  await cdp.send('Runtime.enable');
  await new Promise((r) => setTimeout(r, 100));
  await cdp.detach();
  return worlds.some((o) => o.startsWith('chrome-extension://'));
}

/** Types `question` into the popup's box, and nothing else. */
async function typeQuestion(popup: Page, question: string, scope: string): Promise<void> {
  await popup.locator(`::-p-aria(${scope})`).click();
  const box = await popup.waitForSelector('::-p-aria(Question)');
  await box!.type(question);
}

const ask = (popup: Page) => popup.locator('::-p-aria(Ask[role="button"])').click();

describe('tabs read while the question is typed', () => {
  it('nothing runs in a page while the box is empty; the tabs in scope are read once it holds words', async () => {
    await h.standIn();
    const hours = await h.open('museum-hours.html');
    const tickets = await h.open('museum-tickets.html');
    const popup = await h.popup(tickets);
    await popup.locator('::-p-aria(All tabs in this window)').click();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await extensionRunsIn(hours)).toBe(false);
    expect(await extensionRunsIn(tickets)).toBe(false);

    await typeQuestion(popup, 'What do adult tickets cost?', 'All tabs in this window');
    await expect.poll(() => extensionRunsIn(hours), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => extensionRunsIn(tickets), { timeout: 10_000 }).toBe(true);
  });

  it('a page that changed after it was read ahead is sent as it is at Ask, never as it was', async () => {
    await h.standIn();
    const tickets = await h.open('museum-tickets.html');
    const popup = await h.popup(tickets);
    await typeQuestion(popup, 'What do adult tickets cost?', 'This tab');
    await expect.poll(() => extensionRunsIn(tickets), { timeout: 10_000 }).toBe(true);
    // Read by now (a page this small takes a fraction of this); then the page changes its words.
    await new Promise((r) => setTimeout(r, 1_500));
    await tickets.evaluate(() => {
      const p = [...document.querySelectorAll('p')].find((el) => el.textContent!.startsWith('Adult tickets cost 12 euros'))!;
      p.textContent = 'Adult tickets cost 15 euros since the first of May, and children under twelve still enter free.';
      // And a paragraph read ahead is hidden by its style alone.
      const online = [...document.querySelectorAll('p')].find((el) => el.textContent!.startsWith('Tickets bought online'))!;
      online.style.display = 'none';
    });
    h.api.enqueue(() => answerReply([], true));
    await ask(popup);
    await expect.poll(() => h.calls().length, { timeout: 30_000 }).toBe(1);
    const sent = sentText(h.calls()[0]!);
    expect(sent).toContain('Adult tickets cost 15 euros since the first of May');
    expect(sent).not.toContain('Adult tickets cost 12 euros');
    expect(sent).not.toContain('Tickets bought online');
  });
});
