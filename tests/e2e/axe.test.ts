import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { openSidePanel } from '../support/side-panel';
import { answerText, ask, citationNamed } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { setSettings } from '../support/extension-storage';
import { useExtension } from '../support/harness';
import { HOURS_QUOTE, PDF_QUESTION, PDF_QUOTE, highWaterAnswer, museumAnswer } from '../support/facts';

/**
 * axe-core on every screen of the built extension in real Chromium, in each state a user meets
 * (WCAG 2.0/2.1 A and AA and axe's best practices), in the light and the dark colour scheme:
 * no violation anywhere.
 */

const h = useExtension();

const checked: string[] = [];

/** axe in both colour schemes on the page as it is now; the screen's violations, one line each. */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const lines: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    const found = describeViolations(await axeViolations(page, scheme));
    lines.push(...found.map((l) => `[${scheme}] ${l}`));
    checked.push(`${screen} (${scheme}): ${found.length} violation${found.length === 1 ? '' : 's'}`);
  }
  await page.emulateMediaFeatures([]);
  expect(lines, `axe on ${screen}`).toEqual([]);
}

afterAll(() => {
  console.log(`axe-core, screens checked:\n  ${checked.join('\n  ')}`);
});

async function popupOnHours(): Promise<{ page: Page; popup: Page }> {
  const page = await h.open('museum-hours.html');
  return { page, popup: await h.popup(page) };
}

async function statusText(popup: Page): Promise<string> {
  const status = await popup.waitForSelector('::-p-aria([role="status"])', { timeout: 20_000 });
  return status!.evaluate((el) => (el as HTMLElement).innerText);
}

describe('axe-core on every screen', () => {
  it('finds what is wrong when something is: a nameless button, grey on white, and the dark scheme is applied', async () => {
    await h.standIn();
    const { popup } = await popupOnHours();
    const background = () => popup.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await axeViolations(popup, 'dark');
    expect(await background()).toBe('rgb(23, 25, 29)');
    await popup.emulateMediaFeatures([]);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await popup.evaluate(() => {
      const main = document.querySelector('main')!;
      main.append(Object.assign(document.createElement('button'), { type: 'button' }));
      main.append(Object.assign(document.createElement('p'), { textContent: 'faint', style: 'color: #bbb' }));
    });
    const rules = (await axeViolations(popup)).map((v) => v.rule);
    expect(rules).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
    await popup.close();
  });

  it('the popup, empty', async () => {
    await h.standIn();
    const { popup } = await popupOnHours();
    await expectNoViolations(popup, 'popup, empty');
  });

  it('the popup, asking (Claude has not answered yet)', async () => {
    await h.standIn();
    h.api.enqueue({ kind: 'hang' });
    const { popup } = await popupOnHours();
    await ask(popup, 'When does the museum open?');
    await expect.poll(() => statusText(popup)).toContain('Asking Claude');
    await expectNoViolations(popup, 'popup, asking');
    await popup.locator('::-p-aria(Cancel[role="button"])').click();
  });

  it('the popup, with an answer', async () => {
    await h.standIn();
    h.api.enqueue((req) =>
      answerReply([
        { text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: HOURS_QUOTE }] },
        { text: 'It is free on Sundays.', citations: [{ index: indexOf(req, 'opens at'), literal: 'no such words anywhere' }] },
      ]),
    );
    // The broken claim's retry: still broken, so it is left out with a note.
    h.api.enqueue((req) =>
      answerReply([
        { text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: HOURS_QUOTE }] },
        { text: 'It is free on Sundays.', citations: [{ index: indexOf(req, 'opens at'), literal: 'no such words anywhere' }] },
      ]),
    );
    const { popup } = await popupOnHours();
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
    await expectNoViolations(popup, 'popup, answer');
    await popup.locator('::-p-aria(Details)').click();
    await popup.waitForSelector('details[open]');
    await expectNoViolations(popup, 'popup, answer with its details open');

    // A follow-up: the thread's earlier question and answer stay above the new one.
    h.api.enqueue((req) =>
      answerReply([{ text: 'It closes at 6 p.m.', citations: [{ index: indexOf(req, 'opens at'), literal: HOURS_QUOTE }] }]),
    );
    await ask(popup, 'And when does it close?');
    await expect.poll(async () => (await answerText(popup)).includes('It closes at 6 p.m.')).toBe(true);
    await expectNoViolations(popup, 'popup, a thread of two questions');
  });

  it('the popup, "Not found in these pages"', async () => {
    await h.standIn();
    h.api.enqueue(answerReply([], true));
    const { popup } = await popupOnHours();
    await ask(popup, 'When does the museum open on Mars?');
    expect(await answerText(popup)).toContain('Not found in these pages.');
    await expectNoViolations(popup, 'popup, abstention');
  });

  it('the popup, an error from the API', async () => {
    await h.standIn();
    h.api.enqueue({ kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
    const { popup } = await popupOnHours();
    await ask(popup, 'When does the museum open?');
    await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 20_000 });
    await expectNoViolations(popup, 'popup, error');
  });

  it('the popup, review before sending', async () => {
    await h.standIn({ reviewBeforeSending: true });
    const { popup } = await popupOnHours();
    await ask(popup, 'When does the museum open?');
    await popup.waitForSelector('::-p-aria(Review before sending[role="heading"])', { timeout: 20_000 });
    await expectNoViolations(popup, 'popup, review');
  });

  it('the popup without a key: the note, then search results', async () => {
    await setSettings(h, { baseURL: h.api.url });
    const { popup } = await popupOnHours();
    await expectNoViolations(popup, 'popup, no key');
    await ask(popup, 'When does the museum open?');
    await popup.waitForSelector('::-p-aria(Search results[role="heading"])', { timeout: 20_000 });
    await expectNoViolations(popup, 'popup, search results');
  });

  it('the popup, choosing tabs', async () => {
    await h.standIn();
    await h.open('museum-tickets.html');
    const { popup } = await popupOnHours();
    await popup.locator('::-p-aria(Choose tabs[role="radio"])').click();
    await popup.waitForSelector('::-p-aria(City Museum – Tickets[role="checkbox"])');
    await expectNoViolations(popup, 'popup, choose tabs');
  });

  it('the side panel with an answer, then its history', async () => {
    await h.standIn();
    const hours = await h.open('museum-hours.html');
    const tickets = await h.open('museum-tickets.html');
    h.api.enqueue(museumAnswer);
    const panel = await openSidePanel(h, tickets);
    await expectNoViolations(panel, 'side panel, empty');
    await ask(panel, 'When does the museum open and what do adult tickets cost?', 'All tabs in this window');
    expect(await answerText(panel)).toContain('An adult ticket costs 12 euros.');
    await panel.waitForSelector('::-p-aria(Next citation[role="button"])');
    await expectNoViolations(panel, 'side panel, answer');
    // A citation whose words are gone from its tab: why nothing is highlighted, and the page as cited offered.
    const hoursCitation = `${new URL(hours.url()).host} — ${await hours.title()}`;
    await hours.evaluate(() => {
      document.body.textContent = 'Closed for works.';
    });
    await panel.locator(citationNamed(hoursCitation)).click();
    await panel.waitForSelector('::-p-aria(Open the page as cited[role="button"])', { timeout: 30_000 });
    await expectNoViolations(panel, 'side panel, a citation whose words are gone');
    await panel.locator('::-p-aria(History[role="button"])').click();
    await panel.waitForSelector('::-p-aria([name="History"][role="region"]) .history-open');
    await expectNoViolations(panel, 'side panel, history');
    await panel.locator('.history-open').click();
    await panel.waitForSelector('::-p-aria(Back to history[role="button"])');
    await expectNoViolations(panel, 'side panel, a thread reopened from the history');
  });

  it('the PDF viewer showing a quote', async () => {
    await h.standIn();
    const pdf = await h.browser.newPage();
    // The browser's PDF viewer never fires a page `load` the way an HTML page does.
    await pdf.goto(`${h.fixtures}/tides.pdf`, { waitUntil: 'domcontentloaded' }).catch(() => {});
    h.api.enqueue(highWaterAnswer);
    const popup = await h.popup(pdf);
    await ask(popup, PDF_QUESTION);
    expect(await answerText(popup)).toContain('High water is at 11:42.');
    const citation = citationNamed(`${new URL(h.fixtures).host} — Harbour Tide Tables, p. 2`);
    await h.clickInPopup(pdf, popup, citation);
    const target = await h.browser.waitForTarget((t) => t.url().includes('/pdf-viewer.html?file='), { timeout: 30_000 });
    const viewer = (await target.asPage())!;
    await expect
      .poll(() => viewer.evaluate(() => [...(CSS.highlights.get('cited-quote') ?? [])].map((r) => r.toString()).join('')), {
        timeout: 30_000,
      })
      .toBe(PDF_QUOTE);
    await expectNoViolations(viewer, 'PDF viewer');
    await viewer.close();
  });

  it('the options page with the diagnostics chart', async () => {
    await h.standIn();
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    const record = (at: number, citations: number, broken: number, outcome: 'answer' | 'abstain' | 'error') => ({
      at,
      model: 'claude-sonnet-5-5',
      sites: ['127.0.0.1'],
      citations,
      broken,
      retried: broken > 0,
      droppedClaims: broken > 0 ? 1 : 0,
      outcome,
    });
    const runLog = [record(now - 3 * day, 4, 0, 'answer'), record(now - day, 4, 2, 'answer'), record(now, 0, 0, 'abstain')];
    await h.worker.evaluate((log) => chrome.storage.local.set({ runLog: log }), runLog);
    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    await options.waitForSelector('::-p-text(3 questions)');
    await options.waitForSelector('figure.chart rect');
    await expectNoViolations(options, 'options');
    await options.close();
  });
});
