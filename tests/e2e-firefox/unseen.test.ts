/**
 * Words no reader sees, in Firefox as in Chromium (tests/e2e/unseen.test.ts): a page that plants
 * one sentence by every trick at once (opacity 0 or 0.02, filter: opacity(0), a mask, a blend
 * mode, transparent colour or fill, a colour mixed almost transparent, font size 0, off-screen,
 * translate, text-indent, letter-spacing, white on white, clipped, a short wrapper, covered,
 * scaled (to 0, to 0.01, by an ancestor, by zoom), content-visibility, unslotted, closed
 * <details> under opacity 0, an inline element moved off the page or on its own background of
 * its text colour, frames hidden, wrapped 1×1, clip-pathed, faint, scaled or covered) sends none
 * of them to the model, and the sentence a reader sees beside them is answered; so does a page in
 * quirks mode whose root reports no width.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const CONTROL = 'The Brightwater kettle boils a full litre of water in three minutes.';
const PLANTED = 'This kettle was recalled for fire risk';

describe('Firefox: words no reader sees', () => {
  it.each(['unseen.html?trick=all', 'unseen-quirks.html'])(
    'are not sent (%s); the sentence beside them is answered',
    async (fixture) => {
      await openTab(fx, `${fx.fixtures}/${fixture}`);
      fx.api.enqueue((req) =>
        answerReply([
          {
            text: 'It boils a litre in three minutes.',
            citations: [{ index: indexOf(req, 'boils a full litre'), literal: CONTROL }],
          },
        ]),
      );
      const popup = new Popup(fx);
      await popup.open();
      await popup.ask('Is the Brightwater kettle safe?');
      await expect.poll(() => popup.regionText('Answer')).toContain('It boils a litre in three minutes.');
      const sent = sentText(messageCalls(fx.api).at(-1)!);
      expect(sent).toContain(CONTROL);
      expect(sent).toContain('Its handle stays cool');
      expect(sent).not.toContain(PLANTED);
    },
  );
});
