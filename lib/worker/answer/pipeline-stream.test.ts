import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { answerQuestion } from './pipeline';
import type { PromptMessage } from '@/lib/worker/prompt/prompt';
import { ModelReplyError, type ModelReply } from '@/lib/worker/model/call';
import type { ShownClaim } from '@/lib/shared/answer/run';

const passages = [
  passage('The museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.', { id: 'hours', tabId: 7 }),
  passage('Tickets cost 12 euros for adults; children under 12 enter for free.', { id: 'tickets', tabId: 8 }),
];
const good = { text: 'It opens at 9.', citations: [{ index: 1, literal: 'The museum opens at 9 a.m.' }] };
const alsoGood = { text: 'Children are free.', citations: [{ index: 2, literal: 'children under 12 enter for free' }] };
const broken = { text: 'It has a café.', citations: [{ index: 1, literal: 'there is a lovely café' }] };
const fixed = { text: 'Adults pay 12 euros.', citations: [{ index: 2, literal: 'Tickets cost 12 euros for adults' }] };

type Step = object | ModelReply | Error;

/**
 * A model that streams each scripted reply in pieces through `onText`, and records, after each
 * piece, the claims the pipeline has shown so far.
 */
function streaming(...replies: Step[]) {
  const shownAfter: string[][] = [];
  let latest: ShownClaim[] = [];
  const callModel = async (_messages: PromptMessage[], onText?: (delta: string) => void): Promise<ModelReply> => {
    const next = replies.shift();
    if (!next) throw new Error('no more scripted replies');
    if (next instanceof Error) throw next;
    const reply = 'stopReason' in next ? (next as ModelReply) : { text: JSON.stringify(next), stopReason: 'end_turn' };
    for (let i = 0; i < reply.text.length; i += 8) {
      onText?.(reply.text.slice(i, i + 8));
      shownAfter.push(latest.map((c) => c.text));
    }
    return reply;
  };
  const promise = answerQuestion(
    { question: 'When does it open and what does it cost?', passages, minLiteralLength: 15 },
    { callModel, log: () => {}, now: () => 1000, onClaims: (claims) => (latest = claims) },
  );
  return { promise, shownAfter, shown: () => latest.map((c) => c.text) };
}

const texts = (outcome: Awaited<ReturnType<typeof answerQuestion>>) =>
  outcome.kind === 'answer' ? outcome.claims.map((c) => c.text) : [];

describe('the pipeline shows claims while the reply streams', () => {
  it('shows the first verified claim before the reply has ended, and the answer is those claims', async () => {
    const r = streaming({ no_information: false, claims: [good, alsoGood] });
    const outcome = await r.promise;
    const firstShown = r.shownAfter.findIndex((s) => s.length > 0);
    expect(firstShown).toBeGreaterThanOrEqual(0);
    expect(firstShown).toBeLessThan(r.shownAfter.length - 5);
    expect(r.shown()).toEqual(['It opens at 9.', 'Children are free.']);
    expect(texts(outcome)).toEqual(['It opens at 9.', 'Children are free.']);
  });

  it('a broken claim waits for the retry, and the claims shown first keep their place', async () => {
    const r = streaming(
      { no_information: false, claims: [good, broken, alsoGood] },
      { no_information: false, claims: [good, fixed, alsoGood] },
    );
    const outcome = await r.promise;
    // During the first reply, the broken claim was never shown.
    expect(r.shownAfter.some((s) => s.includes('It has a café.'))).toBe(false);
    expect(texts(outcome)).toEqual(['It opens at 9.', 'Adults pay 12 euros.', 'Children are free.']);
    expect(outcome).toMatchObject({ retried: true });
  });

  it('nothing shown is withdrawn when the retry verifies nothing, says no information, or is cut short', async () => {
    for (const retry of [
      { no_information: false, claims: [broken] },
      { no_information: true, claims: [] },
      { text: '{"no_information": false, "claims": [', stopReason: 'max_tokens' },
    ]) {
      const r = streaming({ no_information: false, claims: [good, broken] }, retry);
      const outcome = await r.promise;
      expect(outcome).toMatchObject({ kind: 'answer', retried: true, droppedClaims: 1 });
      expect(texts(outcome)).toEqual(['It opens at 9.']);
    }
  });

  it('a first reply cut short after a verified claim answers with that claim', async () => {
    const whole = JSON.stringify({ no_information: false, claims: [good, alsoGood] });
    const r = streaming({ text: whole.slice(0, whole.indexOf('{"text":"Children')), stopReason: 'max_tokens' });
    expect(texts(await r.promise)).toEqual(['It opens at 9.']);
  });

  it('a failed call still fails the question when nothing was shown', async () => {
    const r = streaming({ text: 'not json', stopReason: 'end_turn' }, new ModelReplyError('refused', 'refused'));
    await expect(r.promise).rejects.toThrow('refused');
    expect(r.shown()).toEqual([]);
  });
});
