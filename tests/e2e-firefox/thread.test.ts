/**
 * A conversation in the Firefox build's popup, as in Chromium's (tests/e2e/thread.test.ts): a
 * follow-up goes with its earlier turn, exactly as that was sent, and "New question" starts over.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { highlightedText, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

type Message = { role: string; content: string | Array<{ type: string; text?: string }> };
const messagesOf = (req: RecordedRequest) => (req.body as { messages: Message[] }).messages;

const opens = 'The City Museum opens at 9 a.m.';
const closes = 'closes at 6 p.m. every day except Monday';
const late = 'the museum stays open until 10 p.m.';

describe('Firefox: a thread of questions in the popup', () => {
  it('a follow-up is sent with the earlier turn as it was sent, shown under it, and kept when the popup reopens', async () => {
    const page = await openTab(fx, `${fx.fixtures}/museum-hours.html`);
    const popup = new Popup(fx);
    await popup.open();
    fx.api.enqueue((req) =>
      answerReply([{ text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: opens }] }]),
    );
    await popup.ask('When does the museum open?');
    await expect.poll(() => popup.regionText('Answer')).toContain('It opens at 9 a.m.');

    fx.api.enqueue((req) =>
      answerReply([
        {
          text: 'It closes at 6 p.m., and not at all on Mondays.',
          citations: [{ index: indexOf(req, 'closes at'), literal: closes }],
        },
      ]),
    );
    await popup.ask('Tell me more about that.');
    await expect.poll(() => popup.regionText('Answer')).toContain('not at all on Mondays');

    const [one, two] = messageCalls(fx.api).slice(-2);
    const turns = messagesOf(two!);
    expect(turns.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(turns[0]).toEqual(messagesOf(one!)[0]);
    const earlier = JSON.parse(turns[1]!.content as string) as {
      claims: Array<{ text: string; citations: Array<{ literal: string }> }>;
    };
    expect(earlier.claims.map((c) => [c.text, c.citations[0]!.literal])).toEqual([['It opens at 9 a.m.', opens]]);
    expect(sentText(two!)).toMatch(/<question>\nTell me more about that\.\n<\/question>[^<]*$/);

    // The earlier question and answer stay above the latest one, folded to a line, opened on a click.
    expect(await popup.regionText('Earlier in this thread')).not.toContain('It opens at 9 a.m.');
    await popup.openEarlierTurns();
    const thread = await popup.regionText('Earlier in this thread');
    expect(thread).toContain('When does the museum open?');
    expect(thread).toContain('It opens at 9 a.m.');

    // Its citation still reveals; the popup closes as the page takes the focus, and reopens on the same thread.
    await popup.run(
      `const b = Array.from(named('Earlier in this thread', 'section, [role=region]').querySelectorAll('button.marker'))[0];
       b.click();`,
    );
    await expect.poll(() => highlightedText(fx, page)).toBe(opens);
    await popup.open();
    await popup.openEarlierTurns();
    await expect.poll(() => popup.regionText('Earlier in this thread')).toContain('It opens at 9 a.m.');
    expect(await popup.regionText('Answer')).toContain('not at all on Mondays');
  });

  it('"New question" starts over: the answer and thread are gone, and the next request carries no earlier turn', async () => {
    await openTab(fx, `${fx.fixtures}/museum-hours.html`);
    const popup = new Popup(fx);
    await popup.open();
    await expect.poll(() => popup.regionText('Answer')).not.toBeNull();
    await popup.click('New question');
    await expect.poll(() => popup.regionText('Answer')).toBeNull();
    expect(await popup.regionText('Earlier in this thread')).toBeNull();
    expect(await popup.question()).toBe('');

    fx.api.enqueue((req) =>
      answerReply([
        { text: 'Until 10 p.m. on late openings.', citations: [{ index: indexOf(req, 'Late openings'), literal: late }] },
      ]),
    );
    await popup.ask('How late is the museum open on late openings?');
    await expect.poll(() => popup.regionText('Answer')).toContain('Until 10 p.m. on late openings.');
    const last = messageCalls(fx.api).at(-1)!;
    expect(messagesOf(last)).toHaveLength(1);
    expect(sentText(last)).not.toContain('When does the museum open?');
    expect(await popup.regionText('Earlier in this thread')).toBeNull();
  });
});
