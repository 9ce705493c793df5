import { describe, expect, it } from 'vitest';
import {
  answerReply,
  answerText,
  ask,
  indexOf,
  messageCalls,
  openFixture,
  openPopup,
  sentText,
  useHarness,
  useStandIn,
  type Harness,
} from '../support/harness';

/**
 * Words over pictures, in real Chromium through the real popup: the check before sending settles
 * a picture behind words by its pixels (lib/page/seen/pictures.ts). Words that stand out from every
 * colour of the picture are sent (white on a dark picture, dark on a pale paper texture, white
 * over a dark veil on a white picture, white on a dark box whose picture does not load, white on
 * a white page over a dark `<img>` placed behind them); words
 * over a picture the page may not read (another site's, without CORS) are unproven, and not sent.
 * The planted case (white words on a white picture over a dark box) is one of the unseen tricks
 * (tests/e2e/unseen.test.ts).
 */

let h: Harness;

useHarness((x) => (h = x));

const SENT = [
  'The Brightwater kettle boils a full litre of water in three minutes.',
  'Its base holds a cord of seventy centimetres that winds away.',
  'The lid opens with one press of the amber button.',
  'A filter of fine steel mesh keeps scale out of the cup.',
  'Its spout pours without a drip at any angle.',
];
const UNPROVEN = 'The kettle switches itself off when it boils dry.';

describe('words over a picture', () => {
  it('are sent where its pixels prove a reader sees them, and not where its pixels cannot be read', async () => {
    await useStandIn(h);
    const page = await openFixture(h, 'pictures-behind.html');
    // The picture from another site is painted in the page (the page may show it, not read it).
    await page.waitForFunction(() =>
      getComputedStyle(document.getElementById('foreign-box')!).backgroundImage.includes('localhost'),
    );
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'It boils a litre in three minutes.',
          citations: [{ index: indexOf(req, 'boils a full litre'), literal: SENT[0]! }],
        },
      ]),
    );
    const popup = await openPopup(h, page);
    await ask(popup, 'What does the Brightwater kettle do?');
    expect(await answerText(popup)).toContain('It boils a litre in three minutes.');
    const sent = messageCalls(h.api).map(sentText).join('\n');
    for (const sentence of SENT) expect(sent).toContain(sentence);
    expect(sent).not.toContain(UNPROVEN);
  });
});
