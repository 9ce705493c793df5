import { describe, expect, it } from 'vitest';
import { answerText, ask, citationNamed, closeIfOpen, highlightedText } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { HOURS_QUOTE } from '../support/facts';

/**
 * Claims shown as they are verified: while the stand-in holds its stream after the first claim
 * (a model slow to write the next), the popup already shows that claim, its source clickable.
 */

const h = useExtension({ standIn: true });

const LATER = 'On public holidays the galleries close an hour earlier.';

describe('an answer that is still arriving', () => {
  it('shows a verified claim, whose citation highlights its quote, before the stream has ended', async () => {
    const page = await h.open('museum-hours.html');
    let release!: () => void;
    const until = new Promise<void>((r) => (release = r));
    let sent = false;
    h.api.enqueue((req) => {
      sent = true;
      const first = {
        text: 'The museum opens at 9 a.m.',
        citations: [{ index: indexOf(req, 'opens at'), literal: HOURS_QUOTE }],
      };
      const second = {
        text: 'It closes earlier on public holidays.',
        citations: [{ index: indexOf(req, 'public holidays'), literal: LATER }],
      };
      // The stream stops right after the first claim's object closes, until the test lets it go on.
      return { ...answerReply([first, second]), hold: { after: JSON.stringify(first), until } };
    });
    let popup = await h.popup(page);
    try {
      await ask(popup, 'When is the museum open?');
      const soFar = await popup.waitForSelector('::-p-aria([name="Answer so far"][role="region"])', { timeout: 30_000 });
      expect(sent).toBe(true);
      const shown = await soFar!.evaluate((el) => (el as HTMLElement).innerText);
      expect(shown).toContain('The museum opens at 9 a.m.');
      expect(shown).not.toContain('public holidays');
      // Still arriving: the question is in flight (Cancel offered), the finished answer not there.
      expect(await popup.$('::-p-aria([name="Answer"][role="region"])')).toBeNull();
      expect(await popup.$('::-p-aria(Cancel[role="button"])')).not.toBeNull();
      // Said once by the live region.
      const status = await popup.$eval('[role="status"]', (el) => el.textContent);
      expect(status).toBe('The answer is arriving: each claim is shown once its quotes are checked.');

      const name = `${new URL(page.url()).host} — ${await page.title()}`;
      await popup.locator(citationNamed(name)).click();
      await expect.poll(() => highlightedText(page), { timeout: 15_000 }).toBe(HOURS_QUOTE);
    } finally {
      release();
    }
    // The answer, once the stream goes on, in a popup opened again (the click gave the page the
    // focus, which closes a popup, at its own pace).
    await closeIfOpen(popup);
    popup = await h.popup(page);
    const text = await answerText(popup);
    expect(text.indexOf('The museum opens at 9 a.m.')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('The museum opens at 9 a.m.')).toBeLessThan(text.indexOf('It closes earlier on public holidays.'));
  });
});
