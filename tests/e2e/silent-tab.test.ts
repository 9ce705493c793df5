/**
 * A click on a citation ends within its time limit in the highlight or in words, never in silence
 * (issue #47): the cited tab, behind the one the popup is over, is frozen as Chromium freezes a
 * tab (DevTools' Page.setWebLifecycleState; `tabs.Tab.frozen` says so), so that it runs no task
 * and the quote finder's injection waits until it is shown. Before the click's steps had limits
 * (lib/worker/reveal/time-limit.ts) the popup showed the answer and no note for as long as one
 * waited; the same tab not frozen still highlights.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { HOURS_QUOTE, museumAnswer } from '../support/facts';
import { answerText, ask, clickCitation, highlightedText, useExtension } from '../support/harness';

const h = useExtension({ standIn: true });

/** The museum's two tabs asked about in the popup over the tickets, the hours' tab behind it. */
async function askOverTickets(): Promise<{ hours: Page; popup: Page }> {
  const hours = await h.open('museum-hours.html');
  const tickets = await h.open('museum-tickets.html');
  h.api.enqueue(museumAnswer);
  const popup = await h.popup(tickets);
  await ask(popup, 'When does the museum open and what do adult tickets cost?', 'All tabs in this window');
  expect(await answerText(popup)).toContain('The museum opens at 9 a.m.');
  return { hours, popup };
}

describe('a click on a citation of a tab that answers nothing', () => {
  it('says that the page did not answer, within the limit, and highlights nothing', async () => {
    const { hours, popup } = await askOverTickets();
    const session = await hours.createCDPSession();
    await session.send('Page.setWebLifecycleState', { state: 'frozen' });
    const clicked = Date.now();
    await clickCitation(popup, hours);
    const note = await popup.waitForSelector('.reveal-note[role="alert"]', { timeout: 25_000 });
    expect(await note!.evaluate((n) => n.textContent)).toContain('The page could not be reached (it did not answer in time).');
    expect(Date.now() - clicked).toBeLessThan(25_000);
    await session.send('Page.setWebLifecycleState', { state: 'active' });
    // What the frozen page ran once woken (the quote finder's injection) painted nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(await highlightedText(hours)).toBeNull();
  });

  it('the same tab, not frozen, is highlighted as before', async () => {
    const { hours, popup } = await askOverTickets();
    await clickCitation(popup, hours);
    await expect.poll(() => highlightedText(hours), { timeout: 30_000 }).toBe(HOURS_QUOTE);
  });
});
