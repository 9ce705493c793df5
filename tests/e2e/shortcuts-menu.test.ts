import { describe, expect, it } from 'vitest';
import { openSidePanel } from '../support/side-panel';
import {
  answerReply,
  answerText,
  ask,
  indexOf,
  messageCalls,
  openFixture,
  sentText,
  useHarness,
  useStandIn,
  type Harness,
} from '../support/harness';

/**
 * The keyboard commands as the browser registered them, and the side panel opened by "Ask Cited
 * Tabs about the selection": the selection is the question's first fragment, even after the
 * page lost it. (A test cannot click a native context menu; the entry's handler is unit-tested
 * in lib/worker/wiring/context-menu.test.ts and hands the panel what this test hands it.)
 */

let h: Harness;
useHarness((x) => (h = x));

describe('keyboard and context menu', () => {
  it('registers Alt+Shift+Q for the popup and Alt+Shift+Y for the side panel', async () => {
    const commands = await h.worker.evaluate(() => chrome.commands.getAll());
    const keys = Object.fromEntries(commands.map((c) => [c.name, c.shortcut]));
    expect(keys).toMatchObject({ _execute_action: 'Alt+Shift+Q', 'open-side-panel': 'Alt+Shift+Y' });
  });

  it('about the selection: the panel shows it and the question sends it first, though the page lost it', async () => {
    await useStandIn(h);
    const tickets = await openFixture(h, 'museum-tickets.html');
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
    const sent = sentText(messageCalls(h.api)[0]!);
    const first = /<document index="1"[^>]*>\n([\s\S]*?)\n<\/document>/.exec(sent)![1]!;
    expect(first).toBe(selected);
    // Taken once: the note is gone, and storage no longer holds it.
    expect(await panel.$('.selection-note')).toBeNull();
    expect(await h.worker.evaluate(async () => (await chrome.storage.session.get('panelIntent')).panelIntent ?? null)).toBeNull();
  });
});
