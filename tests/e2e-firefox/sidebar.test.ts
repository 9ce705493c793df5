/**
 * The Firefox build in Firefox ESR, as a Firefox user meets it: settings typed into the options
 * page, a question asked in the real sidebar beside a page on localhost, answered through the
 * real SDK in the add-on's background page by the Messages API stand-in, the verified answer
 * with its citation named by the page's title, and a click that highlights the quote in the page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import {
  closeOtherTabs,
  findTab,
  highlightedText,
  openTab,
  selectedTabUrl,
  Sidebar,
  useFirefoxWithKey,
  type Firefox,
} from '../support/firefox';

let fx: Firefox;
let sidebar: Sidebar;
useFirefoxWithKey((x) => (fx = x));

beforeAll(async () => {
  sidebar = new Sidebar(fx);
}, 60_000);

describe('Firefox: the sidebar answers about the page beside it', () => {
  it('reads the page, shows the verified answer cited by page title, and a click highlights the quote', async () => {
    const page = await openTab(fx, `${fx.fixtures}/museum-hours.html`);
    await sidebar.open();
    const quote = 'The City Museum opens at 9 a.m. and closes at 6 p.m.';
    fx.api.enqueue((req) =>
      answerReply([{ text: 'The museum opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: quote }] }]),
    );

    await sidebar.type('Question', 'When does the museum open?');
    await sidebar.click('This tab');
    await sidebar.click('Ask');

    await expect.poll(() => sidebar.regionText('Answer')).toContain('The museum opens at 9 a.m.');
    // Extraction: the page's visible text went to the API, its hidden note did not.
    const [request] = messageCalls(fx.api);
    const sent = sentText(request!);
    expect(sent).toContain('The City Museum opens at 9 a.m.');
    expect(sent).toContain('Late openings run on the first Friday');
    expect(sent).not.toContain('Secret staff note');
    // The key typed into the options page, kept in the add-on's IndexedDB, went with it.
    expect(request!.headers.authorization).toBe('Bearer sk-ant-test-key');

    const citation = `${new URL(fx.fixtures).host} — City Museum – Opening hours`;
    expect(await sidebar.buttonsIn('Answer')).toContain(citation);
    await sidebar.click(citation);
    await expect.poll(() => highlightedText(fx, page)).toBe(quote);
  });

  it('"All tabs in this window" reads the other tabs too; a citation brings its tab forward with the quote highlighted', async () => {
    const rental = await openTab(fx, `${fx.fixtures}/bikes-central.html`);
    const tickets = await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
    const rentalQuote = 'Central Cycles charges 12 euros a day for a city bike';
    const ticketQuote = 'Adult tickets cost 12 euros.';
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'A city bike costs 12 euros a day.', citations: [{ index: indexOf(req, 'city bike'), literal: rentalQuote }] },
        {
          text: 'An adult museum ticket costs 12 euros.',
          citations: [{ index: indexOf(req, 'Adult tickets'), literal: ticketQuote }],
        },
      ]),
    );
    await sidebar.type('Question', 'What costs 12 euros?');
    await sidebar.click('All tabs in this window');
    await sidebar.click('Ask');

    await expect.poll(() => sidebar.regionText('Answer')).toContain('An adult museum ticket costs 12 euros.');
    const host = new URL(fx.fixtures).host;
    expect(await sidebar.buttonsIn('Answer')).toEqual(
      expect.arrayContaining([`${host} — Central Cycles – Bike rental`, `${host} — City Museum – Tickets`]),
    );
    // Both tabs were read and sent, each as its own source; one call: the support check is off.
    expect(messageCalls(fx.api)).toHaveLength(2);
    const sent = sentText(messageCalls(fx.api)[1]!);
    expect(sent).toContain(`source="Central Cycles – Bike rental (${host})"`);
    expect(sent).toContain(`source="City Museum – Tickets (${host})"`);

    await sidebar.click(`${host} — Central Cycles – Bike rental`);
    await expect.poll(() => selectedTabUrl(fx)).toBe(`${fx.fixtures}/bikes-central.html`);
    await expect.poll(() => highlightedText(fx, rental)).toBe(rentalQuote);
    await sidebar.click(`${host} — City Museum – Tickets`);
    await expect.poll(() => selectedTabUrl(fx)).toBe(`${fx.fixtures}/museum-tickets.html`);
    await expect.poll(() => highlightedText(fx, tickets)).toBe(ticketQuote);
  });

  it('Next citation and Previous citation step through the quotes across the two tabs, by button and by key', async () => {
    const hours = await openTab(fx, `${fx.fixtures}/museum-hours.html`);
    const tickets = await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
    await closeOtherTabs(fx, [hours, tickets]);
    const hoursQuote = 'The City Museum opens at 9 a.m. and closes at 6 p.m.';
    const ticketQuote = 'Adult tickets cost 12 euros.';
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'The museum opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: hoursQuote }] },
        { text: 'An adult ticket costs 12 euros.', citations: [{ index: indexOf(req, 'Adult tickets'), literal: ticketQuote }] },
      ]),
    );
    await sidebar.ask('When does the museum open and what do adult tickets cost?', 'All tabs in this window');
    await expect.poll(() => sidebar.regionText('Answer')).toContain('An adult ticket costs 12 euros.');

    await sidebar.click('Next citation');
    await expect.poll(() => selectedTabUrl(fx)).toBe(`${fx.fixtures}/museum-hours.html`);
    await expect.poll(() => highlightedText(fx, hours)).toBe(hoursQuote);
    expect(await sidebar.textOf('.stepper-status')).toBe('Quote 1 of 2: City Museum – Opening hours');
    expect(await sidebar.control('Previous citation')).toBe('disabled');

    await sidebar.click('Next citation');
    await expect.poll(() => selectedTabUrl(fx)).toBe(`${fx.fixtures}/museum-tickets.html`);
    await expect.poll(() => highlightedText(fx, tickets)).toBe(ticketQuote);
    expect(await sidebar.textOf('.stepper-status')).toBe('Quote 2 of 2: City Museum – Tickets');
    // The last quote: Next stops there rather than wrapping around.
    expect(await sidebar.control('Next citation')).toBe('disabled');
    // The answer stayed beside the pages all along.
    expect(await sidebar.regionText('Answer')).toContain('The museum opens at 9 a.m.');

    // The key P steps back, the sidebar having the focus (not the question box).
    await sidebar.run(
      `doc.activeElement?.blur(); doc.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'p', bubbles: true }));`,
    );
    await expect.poll(() => selectedTabUrl(fx)).toBe(`${fx.fixtures}/museum-hours.html`);
    expect(await sidebar.textOf('.stepper-status')).toBe('Quote 1 of 2: City Museum – Opening hours');
  });

  it('says "Not found in these pages" when the page does not hold the answer', async () => {
    await openTab(fx, `${fx.fixtures}/gardening.html`);
    fx.api.enqueue(answerReply([], true));
    await sidebar.type('Question', 'When should I sow tomatoes on the moon?');
    await sidebar.click('This tab');
    await sidebar.click('Ask');
    await expect.poll(() => sidebar.regionText('Answer')).toContain('Not found in these pages');
    expect(await sidebar.buttonsIn('Answer')).not.toContain(`${new URL(fx.fixtures).host} — Spring gardening tips`);
  });

  it('reads a PDF tab in the background page (no offscreen document in Firefox) and shows the quote in the PDF viewer', async () => {
    await openTab(fx, `${fx.fixtures}/tides.pdf`);
    const quote = 'high water at the old harbour is at 11:42 in the morning';
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'High water is at 11:42 on 1 April.', citations: [{ index: indexOf(req, '11:42'), literal: quote }] },
      ]),
    );
    await sidebar.type('Question', 'When is high water at the old harbour on the first of April?');
    await sidebar.click('This tab');
    await sidebar.click('Ask');
    await expect.poll(() => sidebar.regionText('Answer')).toContain('High water is at 11:42 on 1 April.');
    expect(sentText(messageCalls(fx.api).at(-1)!)).toMatch(
      /<document index="\d+" source="Harbour Tide Tables \([^)]*\)" page="2"/,
    );

    await sidebar.click(`${new URL(fx.fixtures).host} — Harbour Tide Tables, p. 2`);
    const isViewer = (url: string) => url.startsWith(`${fx.origin}/pdf-viewer.html?file=`);
    await expect.poll(() => findTab(fx, isViewer)).toBeDefined();
    const viewer = await findTab(fx, isViewer);
    await expect.poll(() => highlightedText(fx, viewer!)).toBe(quote);
  });

  it('keeps the answered questions in the History, in the add-on’s own IndexedDB', async () => {
    await sidebar.click('History');
    await expect
      .poll(() => sidebar.buttonsIn('History'))
      .toEqual(
        expect.arrayContaining([
          'When does the museum open?',
          'What costs 12 euros?',
          'When is high water at the old harbour on the first of April?',
        ]),
      );
    await sidebar.click('History');
    await expect.poll(() => sidebar.regionText('History')).toBeNull();
  });
});
