/**
 * The Firefox build in Firefox ESR, as a Firefox user meets it: settings typed into the options
 * page, a question asked in the real sidebar beside a page on localhost, answered through the
 * real SDK in the add-on's background page by the Messages API stand-in, the verified answer
 * with its citation named by the page's title, and a click that highlights the quote in the page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { highlightedText, openTab, saveSettingsAsUser, Sidebar, useFirefox, type Firefox } from '../support/firefox';

let fx: Firefox;
let sidebar: Sidebar;
useFirefox((x) => (fx = x));

beforeAll(async () => {
  await saveSettingsAsUser(fx, { apiKey: 'sk-ant-test-key', baseURL: fx.api.url });
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

    const citation = `City Museum – Opening hours — ${new URL(fx.fixtures).host}`;
    expect(await sidebar.buttonsIn('Answer')).toContain(citation);
    await sidebar.click(citation);
    await expect.poll(() => highlightedText(fx, page)).toBe(quote);
  });
});
