/**
 * Honest joins in the Firefox build's popup, as in Chromium's (tests/e2e/slips.test.ts): an
 * "A … B" quote of close spans is shown and its chip says it is joined; one that leaves out a
 * "not", or joins spans far apart, is never shown as the page's words.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf } from '../support/harness';
import { openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';
import type { RecordedRequest } from '../support/stand-in/messages-api';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const joins = (req: RecordedRequest) =>
  answerReply([
    {
      text: 'Volunteers restored it over decades.',
      citations: [{ index: indexOf(req, 'Restoration'), literal: 'Restoration began in 1974 … It took nearly thirty years' }],
    },
    {
      // The page: "so that their wash does not damage the banks".
      text: 'Boats damage the banks.',
      citations: [{ index: indexOf(req, 'Kingfishers'), literal: 'so that their wash does … damage the banks' }],
    },
    {
      // 217 characters apart: the page celebrates the reopening of 2003, not the restoration.
      text: 'The restoration was celebrated.',
      citations: [
        {
          index: indexOf(req, 'Restoration'),
          literal: 'Restoration began in 1974 … celebrated with a procession of a hundred boats',
        },
      ],
    },
  ]);

describe('Firefox: honest joins', () => {
  it('a close join is shown and says so on its marker; a join across a "not" or far apart is not shown', async () => {
    await openTab(fx, `${fx.fixtures}/slips.html`);
    fx.api.enqueue(joins, joins);
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('Summarise this page');
    await expect.poll(() => popup.regionText('Answer'), { timeout: 30_000 }).toContain('Volunteers restored it over decades.');
    const answer = (await popup.regionText('Answer'))!;
    // The joined quote's marker says so in its name (and where its quote opens under the claim).
    expect((await popup.buttonsIn('Answer')).filter((name) => name.includes('joined from 2 parts'))).toHaveLength(1);
    expect(answer).not.toContain('Boats damage the banks.');
    expect(answer).not.toContain('The restoration was celebrated.');
  });
});
