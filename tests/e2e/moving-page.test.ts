import { describe, expect, it } from 'vitest';
import {
  answerReply,
  answerText,
  ask,
  highlightedText,
  indexOf,
  openFixture,
  openPopup,
  useHarness,
  useStandIn,
  type Harness,
} from '../support/harness';
import { citationOf } from '../support/popup-page';

/**
 * A page that moves after its quote was measured (a block arriving above it once the page is
 * scrolled, as a late picture or advert does): the pixels where the quote was show only the page's
 * background. The click measures it again where it moved and highlights it, instead of saying
 * that the words are not shown (lib/worker/reveal/on-screen.ts).
 */

let h: Harness;

useHarness((x) => (h = x));

const QUOTE = 'The ferry to Marrowby leaves at twenty past nine on weekdays.';

describe('a click on a quote whose page moves it as it is scrolled to', () => {
  it('highlights the words where they moved to', async () => {
    await useStandIn(h);
    const page = await openFixture(h, 'moving.html');
    h.api.enqueue((req) =>
      answerReply([
        { text: 'It leaves at 9:20 on weekdays.', citations: [{ index: indexOf(req, 'Marrowby leaves'), literal: QUOTE }] },
      ]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'When does the Marrowby ferry leave?');
    expect(await answerText(popup)).toContain('It leaves at 9:20 on weekdays.');
    await (await citationOf(popup, 'It leaves at 9:20 on weekdays.')).click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(QUOTE);
    // The page did move: the block above the words arrived.
    expect(await page.evaluate(() => document.getElementById('arrives')!.offsetHeight)).toBe(1200);
  });
});
