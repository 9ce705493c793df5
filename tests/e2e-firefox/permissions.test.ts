/**
 * Access asked once, in Firefox without access to all sites at the start: the browser's own
 * prompt answered as a user answers it (its Allow and Deny buttons, in the browser window), the
 * waiting question going on without another press once allowed (even with the popup closed, as
 * Chrome closes it), nothing sent when refused; and the sidebar using the access it has, asking
 * only for a tab it cannot read.
 */
import { describe, expect, it } from 'vitest';
import type { Scripted } from '../support/stand-in/messages-api';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import {
  answerPermissionPrompt,
  closeOtherTabs,
  closePopup,
  closeSidebar,
  grantAllSites,
  openTab,
  Popup,
  pressAltShift,
  revokeAllSites,
  setToolbarOpensSidebar,
  Sidebar,
  sidebarIsOpen,
  useFirefoxWithKey,
  type Firefox,
} from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x), { allSites: false });

const WINDOW_REASON = 'To read the other tabs of this window, Cited Tabs needs your permission to read sites.';
const PANEL_REASON = 'so to read this tab it needs your permission to read its site';
const QUESTION = 'What costs 12 euros?';
const twelve: Scripted = (req) =>
  answerReply([
    {
      text: 'A city bike costs 12 euros a day.',
      citations: [{ index: indexOf(req, 'city bike'), literal: 'Central Cycles charges 12 euros a day for a city bike' }],
    },
    {
      text: 'An adult museum ticket costs 12 euros.',
      citations: [{ index: indexOf(req, 'Adult tickets'), literal: 'Adult tickets cost 12 euros.' }],
    },
  ]);

/** Two tabs, alone in the window. */
async function twoTabs(): Promise<void> {
  const bikes = await openTab(fx, `${fx.fixtures}/bikes-central.html`);
  const tickets = await openTab(fx, `${fx.fixtures}/museum-tickets.html`);
  await closeOtherTabs(fx, [bikes, tickets]);
}

describe('Firefox: the sidebar asks only when it must', () => {
  it('reads a tab the popup was opened over without asking; asks for the site of a tab it was never given, and sends nothing', async () => {
    // The popup opened over the page: the browser gave the add-on that tab.
    await openTab(fx, `${fx.fixtures}/museum-hours.html`);
    const popup = new Popup(fx);
    await popup.open();
    await closePopup(fx);

    const sidebar = new Sidebar(fx);
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
    expect(await sidebar.text()).not.toContain(PANEL_REASON);

    // A tab opened since, which the browser never gave the add-on: the sidebar says why and asks.
    const before = messageCalls(fx.api).length;
    await openTab(fx, `${fx.fixtures}/gardening.html`);
    await sidebar.click('New question');
    await sidebar.ask('When should I sow tomatoes?');
    await expect.poll(() => sidebar.text()).toContain(PANEL_REASON);
    expect(await sidebar.control('Allow reading these sites')).toBe('enabled');
    expect(messageCalls(fx.api).length).toBe(before);
    expect(await sidebar.question()).toBe('When should I sow tomatoes?');
  });
});

describe('Firefox: how the sidebar was opened decides what it may read', () => {
  it('the toolbar button set to open the sidebar gives the add-on the tab: read without asking; Alt+Shift+Y, Firefox’s own command, gives nothing: asked', async () => {
    await setToolbarOpensSidebar(fx, true);
    try {
      if (await sidebarIsOpen(fx)) await closeSidebar(fx);
      await openTab(fx, `${fx.fixtures}/bikes-central.html`);
      // The toolbar button's command, Alt+Shift+Q: the sidebar opens instead of the popup.
      await pressAltShift(fx, 'Q');
      await expect.poll(() => sidebarIsOpen(fx)).toBe(true);
      const sidebar = new Sidebar(fx);
      await sidebar.open();
      fx.api.enqueue((req) =>
        answerReply([
          {
            text: 'A city bike costs 12 euros a day.',
            citations: [{ index: indexOf(req, 'city bike'), literal: 'Central Cycles charges 12 euros a day for a city bike' }],
          },
        ]),
      );
      await sidebar.ask('How much is a city bike?');
      await expect.poll(() => sidebar.regionText('Answer')).toContain('A city bike costs 12 euros a day.');
      expect(await sidebar.text()).not.toContain(PANEL_REASON);

      // Closed, and opened again on another tab by Alt+Shift+Y, which Firefox handles itself.
      await closeSidebar(fx);
      await openTab(fx, `${fx.fixtures}/gardening.html`);
      await pressAltShift(fx, 'Y');
      await expect.poll(() => sidebarIsOpen(fx)).toBe(true);
      await sidebar.open();
      const before = messageCalls(fx.api).length;
      await sidebar.ask('When should I sow tomatoes?');
      await expect.poll(() => sidebar.text()).toContain(PANEL_REASON);
      expect(messageCalls(fx.api).length).toBe(before);
    } finally {
      await setToolbarOpensSidebar(fx, false);
    }
  });
});

describe('Firefox: the waiting question goes on once access is allowed', () => {
  it('refused in the browser’s prompt: nothing is sent, the question is kept, and a later grant sends nothing', async () => {
    await twoTabs();
    const before = messageCalls(fx.api).length;
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask(QUESTION, 'All tabs in this window');
    await expect.poll(() => popup.text()).toContain(WINDOW_REASON);
    await popup.click('Allow reading these sites');
    expect(await answerPermissionPrompt(fx, 'Deny')).toEqual(['Access your data for all websites']);
    await expect.poll(() => popup.alertText()).toContain('Permission to read sites was not given');
    expect(await popup.question()).toBe(QUESTION);
    expect(messageCalls(fx.api).length).toBe(before);

    // Granted later, from the add-on's settings: the refused question stays unsent. The next
    // question, about this tab, is the only one that goes.
    await grantAllSites(fx.m, fx.addonId);
    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'Adults pay 12 euros.',
          citations: [{ index: indexOf(req, 'Adult tickets'), literal: 'Adult tickets cost 12 euros.' }],
        },
      ]),
    );
    await popup.ask('How much is an adult ticket?');
    await expect.poll(() => popup.regionText('Answer')).toContain('Adults pay 12 euros.');
    expect(messageCalls(fx.api).length).toBe(before + 1);
    expect(sentText(messageCalls(fx.api).at(-1)!)).not.toContain(QUESTION);
    await closePopup(fx);
    await revokeAllSites(fx);
  });

  it('allowed after the popup closed (as Chrome closes it): the question is asked without another press, and shown under way on reopening', async () => {
    await twoTabs();
    const before = messageCalls(fx.api).length;
    fx.api.enqueue({ kind: 'hang' });
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask(QUESTION, 'All tabs in this window');
    await popup.click('Allow reading these sites');
    await closePopup(fx);
    await answerPermissionPrompt(fx, 'Allow');

    await expect.poll(() => messageCalls(fx.api).length).toBe(before + 1);
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent).toContain('Central Cycles charges 12 euros a day');
    expect(sent).toContain('Adult tickets cost 12 euros.');
    expect(sent).toMatch(/<question>\nWhat costs 12 euros\?\n<\/question>/);
    // Reopened, the popup shows the question under way (the stand-in holds its answer back).
    await popup.open();
    expect(await popup.control('Cancel')).toBe('enabled');
    await popup.click('Cancel');
    await expect.poll(() => popup.alertText()).toContain('The question was cancelled.');
    await closePopup(fx);
  });

  it('allowed with the sidebar open: the answer comes, and the question was sent once', async () => {
    await revokeAllSites(fx);
    await fx.m.setContext('content');
    await twoTabs();
    const before = messageCalls(fx.api).length;
    fx.api.enqueue(twelve);
    const sidebar = new Sidebar(fx);
    await sidebar.open();
    await sidebar.click('New question');
    await sidebar.ask(QUESTION, 'All tabs in this window');
    await expect.poll(() => sidebar.text()).toContain(WINDOW_REASON);
    await sidebar.click('Allow reading these sites');
    await answerPermissionPrompt(fx, 'Allow');
    await expect.poll(() => sidebar.regionText('Answer')).toContain('An adult museum ticket costs 12 euros.');
    expect(messageCalls(fx.api).length).toBe(before + 1);
  });
});
