/**
 * The Firefox build's right-click entries, chosen in the browser's real context menu (unlike
 * Chromium, where a test cannot reach the native menu, tests/e2e/shortcuts-menu.test.ts): each
 * opens the sidebar for that page, and the entry on a selection makes the selection the next
 * question's first fragment. Without access to all sites: the menu gives the add-on the tab.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import {
  chooseFromContextMenu,
  inTab,
  openTab,
  Sidebar,
  sidebarIsOpen,
  useFirefoxWithKey,
  type Firefox,
} from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x), { allSites: false });

const firstDocument = (sent: string) => /<document index="1"[^>]*>\n([\s\S]*?)\n<\/document>/.exec(sent)![1]!;

describe('Firefox: the context menu', () => {
  it('"Ask Cited Tabs about the selection" opens the sidebar, which sends the selection first, once', async () => {
    const tickets = await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
    const selected = 'students pay half price with a valid card';
    const target = await inTab<string>(
      fx,
      tickets,
      `const p = Array.from(document.querySelectorAll('p, li')).find((el) => el.textContent.includes(arguments[0]));
       p.id ||= 'selected-by-test';
       const range = document.createRange();
       const node = Array.from(p.childNodes).find((n) => n.textContent.includes(arguments[0]));
       const at = node.textContent.indexOf(arguments[0]);
       range.setStart(node, at);
       range.setEnd(node, at + arguments[0].length);
       getSelection().removeAllRanges();
       getSelection().addRange(range);
       return '#' + p.id;`,
      [selected],
    );
    expect(await sidebarIsOpen(fx)).toBe(false);
    await chooseFromContextMenu(fx, tickets, target, 'Ask Cited Tabs about the selection');
    await expect.poll(() => sidebarIsOpen(fx)).toBe(true);
    const sidebar = new Sidebar(fx);
    await sidebar.open();
    await expect.poll(() => sidebar.textOf('.selection-note blockquote')).toBe(selected);
    expect(await sidebar.text()).toContain('The next question is about the selection first');

    fx.api.enqueue((req) =>
      answerReply([{ text: 'Students pay half price.', citations: [{ index: indexOf(req, selected), literal: selected }] }]),
    );
    await sidebar.ask('Who gets a discount?');
    await expect.poll(() => sidebar.regionText('Answer')).toContain('Students pay half price.');
    // No access note: the menu gave the add-on this tab.
    expect(firstDocument(sentText(messageCalls(fx.api).at(-1)!))).toBe(selected);
    expect(await sidebar.textOf('.selection-note')).toBeNull();
  });

  it('"Ask Cited Tabs about this page" opens the sidebar on that page, which reads it without asking for access', async () => {
    const hours = await openTab(fx, `${fx.fixtures}/museum-hours.html`);
    const sidebar = new Sidebar(fx);
    await chooseFromContextMenu(fx, hours, 'h1', 'Ask Cited Tabs about this page');
    await sidebar.open();
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'It opens at 9 a.m.',
          citations: [{ index: indexOf(req, 'opens at'), literal: 'The City Museum opens at 9 a.m.' }],
        },
      ]),
    );
    await sidebar.ask('When does the museum open?');
    await expect.poll(() => sidebar.regionText('Answer')).toContain('It opens at 9 a.m.');
    // Asked at once, even when the menu's grant reached the sidebar's records after the press.
    expect(await sidebar.textOf('.access-note')).toBeNull();
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent).toMatch(/source="City Museum – Opening hours \(/);
    expect(sent).not.toContain('Adult tickets cost 12 euros.');
  });
});
