import { describe, expect, it } from 'vitest';
import { openSidePanel } from '../support/side-panel';
import { answerText, ask } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/**
 * The keyboard commands as the browser registered them, and the side panel opened by "Ask Cited
 * Tabs about the selection": the selection is the question's first fragment, even after the
 * page lost it, and whatever the page selects since. (A test cannot click a native context menu; the entry's handler is unit-tested
 * in lib/worker/wiring/context-menu.test.ts and hands the panel what this test hands it.)
 */

const h = useExtension();

describe('keyboard and context menu', () => {
  it('registers Alt+Shift+Q for the popup and Alt+Shift+Y for the side panel', async () => {
    const commands = await h.worker.evaluate(() => chrome.commands.getAll());
    const keys = Object.fromEntries(commands.map((c) => [c.name, c.shortcut]));
    expect(keys).toMatchObject({ _execute_action: 'Alt+Shift+Q', 'open-side-panel': 'Alt+Shift+Y' });
  });

  it('about the selection: the panel shows it and the question sends it first, though the page lost it', async () => {
    await h.standIn();
    const tickets = await h.open('museum-tickets.html');
    const panel = await openSidePanel(h, tickets);
    const selected = 'students pay half price with a valid card';
    await h.worker.evaluate(async (text) => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      await chrome.storage.session.set({
        panelIntent: { windowId: tab!.windowId, tabId: tab!.id, selection: text, at: Date.now() },
      });
    }, selected);
    await panel.waitForSelector('::-p-text(The next question is about the selection first)');
    expect(await panel.$eval('.selection-note blockquote', (b) => b.textContent)).toBe(selected);

    h.api.enqueue((req) =>
      answerReply([{ text: 'Students pay half price.', citations: [{ index: indexOf(req, selected), literal: selected }] }]),
    );
    await ask(panel, 'Who gets a discount?', 'This tab');
    expect(await answerText(panel)).toContain('Students pay half price.');
    const sent = sentText(h.calls()[0]!);
    const first = /<document index="1"[^>]*>\n([\s\S]*?)\n<\/document>/.exec(sent)![1]!;
    expect(first).toBe(selected);
    // Taken once: the note is gone, and storage no longer holds it.
    expect(await panel.$('.selection-note')).toBeNull();
    expect(await h.worker.evaluate(async () => (await chrome.storage.session.get('panelIntent')).panelIntent ?? null)).toBeNull();
  });

  it('about the selection: a selection the page holds when it is read does not replace the one the menu gave', async () => {
    await h.standIn();
    const tickets = await h.open('museum-tickets.html');
    // The user has used the page, and the page (or a click) now selects other words than the
    // ones the menu was chosen on.
    await tickets.click('h1');
    await tickets.evaluate(() => {
      const other = [...document.querySelectorAll('p')].find((p) => p.textContent!.startsWith('Members'))!;
      getSelection()!.selectAllChildren(other);
    });
    const panel = await openSidePanel(h, tickets);
    const selected = 'students pay half price with a valid card';
    await h.worker.evaluate(async (text) => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      await chrome.storage.session.set({
        panelIntent: { windowId: tab!.windowId, tabId: tab!.id, selection: text, at: Date.now() },
      });
    }, selected);
    await panel.waitForSelector('::-p-text(The next question is about the selection first)');
    h.api.enqueue((req) =>
      answerReply([{ text: 'Students pay half price.', citations: [{ index: indexOf(req, selected), literal: selected }] }]),
    );
    await ask(panel, 'Who gets a discount?', 'This tab');
    expect(await answerText(panel)).toContain('Students pay half price.');
    const sent = sentText(h.calls()[0]!);
    expect(/<document index="1"[^>]*kind="user-selection"[^>]*>\n([\s\S]*?)\n<\/document>/.exec(sent)![1]).toBe(selected);
    expect(sent.match(/kind="user-selection"/g)).toHaveLength(1);
  });
});
