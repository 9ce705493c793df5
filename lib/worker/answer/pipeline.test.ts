import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { answerQuestion } from './pipeline';
import { verifiableFragments } from './shown-claims';
import type { PromptMessage } from '@/lib/worker/prompt/prompt';
import { ModelReplyError, type ModelReply } from '@/lib/worker/model/call';
import type { FailureLogEntry } from '@/lib/shared/answer/run';

const passages = [
  passage('The museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.', {
    id: 'hours',
    tabId: 7,
    title: 'Museum hours',
    url: 'https://museum.example/hours',
  }),
  passage('Tickets cost 12 euros for adults; children under 12 enter for free.', {
    id: 'tickets',
    tabId: 8,
    title: 'Tickets',
    url: 'https://museum.example/tickets',
  }),
];

const good = { text: 'It opens at 9.', citations: [{ index: 1, literal: 'The museum opens at 9 a.m.' }] };
const alsoGood = { text: 'Children are free.', citations: [{ index: 2, literal: 'children under 12 enter for free' }] };
const broken = { text: 'It has a café.', citations: [{ index: 1, literal: 'there is a lovely café' }] };

/** A model that answers from a script and records what it was sent. */
function scripted(...replies: Array<object | ModelReply>) {
  const calls: PromptMessage[][] = [];
  const callModel = async (messages: PromptMessage[]): Promise<ModelReply> => {
    calls.push(messages);
    const next = replies.shift();
    if (!next) throw new Error('no more scripted replies');
    return 'stopReason' in next ? (next as ModelReply) : { text: JSON.stringify(next), stopReason: 'end_turn' };
  };
  return { calls, callModel };
}

async function run(...replies: Array<object | ModelReply>) {
  const model = scripted(...replies);
  const log: FailureLogEntry[] = [];
  const promise = answerQuestion(
    { question: 'When does it open and what does it cost?', passages, minLiteralLength: 15 },
    { callModel: model.callModel, log: (e) => void log.push(e), now: () => 1000 },
  );
  return { promise, calls: model.calls, log };
}

describe('answerQuestion', () => {
  it('shows verified claims with their real sources after one call', async () => {
    const r = await run({ no_information: false, claims: [good, alsoGood] });
    const outcome = await r.promise;
    expect(r.calls).toHaveLength(1);
    expect(outcome).toMatchObject({ kind: 'answer', droppedClaims: 0, retried: false });
    if (outcome.kind !== 'answer') throw new Error('expected an answer');
    expect(outcome.claims[0]!.citations[0]).toMatchObject({
      tabId: 7,
      title: 'Museum hours',
      site: 'museum.example',
      passageId: 'hours',
    });
    expect(outcome.claims[1]!.citations[0]).toMatchObject({ tabId: 8, title: 'Tickets' });
    expect(r.log).toEqual([]);
  });

  it('a broken quote is repaired by the one retry, which names it', async () => {
    const r = await run({ no_information: false, claims: [broken] }, { no_information: false, claims: [good] });
    const outcome = await r.promise;
    expect(r.calls).toHaveLength(2);
    const retryTurn = JSON.stringify(r.calls[1]!.at(-1));
    expect(retryTurn).toContain('there is a lovely café');
    expect(r.calls[1]![1]).toMatchObject({ role: 'assistant' });
    expect(outcome).toMatchObject({ kind: 'answer', retried: true, droppedClaims: 0 });
    expect(r.log).toHaveLength(1);
    expect(r.log[0]).toMatchObject({ outcome: 'repaired', at: 1000 });
    expect(r.log[0]!.attempts[0]![0]!.literal).toBe('there is a lovely café');
  });

  it('repairs honest quoting slips in the first reply: one call, the repairs counted by class', async () => {
    const r = await run({
      no_information: false,
      claims: [
        { text: 'It opens at 9.', citations: [{ index: 1, literal: '"The museum opens at **9 a.m.**"' }] },
        { text: 'Open and closed.', citations: [{ index: 1, literal: 'The museum opens at 9 a.m. … every day except Monday' }] },
        { text: 'Children are free.', citations: [{ index: 1, literal: 'children under 12 enter for free' }] },
      ],
    });
    const outcome = await r.promise;
    expect(r.calls).toHaveLength(1);
    expect(outcome).toMatchObject({
      kind: 'answer',
      retried: false,
      checks: { citations: 3, broken: 0, repaired: { 'quote-marks': 1, emphasis: 1, 'ellipsis-join': 1, 'wrong-index': 1 } },
    });
    if (outcome.kind !== 'answer') throw new Error('expected an answer');
    const [first, joined, moved] = outcome.claims.map((c) => c.citations[0]!);
    expect(first).toMatchObject({ literal: 'The museum opens at 9 a.m.', passageId: 'hours' });
    expect(joined).toMatchObject({
      literal: 'The museum opens at 9 a.m. \u2026 every day except Monday',
      parts: ['The museum opens at 9 a.m.', 'every day except Monday'],
    });
    // The chip names the fragment that holds the words.
    expect(moved).toMatchObject({ index: 2, passageId: 'tickets', title: 'Tickets' });
    expect(r.log).toEqual([]);
  });

  it('a quote of two passages that follow each other in a frame is one span of both', async () => {
    const model = scripted({
      no_information: false,
      claims: [{ text: 'Closed Mondays, 12 euros.', citations: [{ index: 1, literal: 'except Monday. Tickets cost 12 euros' }] }],
    });
    const sameFrame = [
      { ...passages[0]!, order: 4 },
      { ...passages[1]!, tabId: 7, url: 'https://museum.example/hours', order: 5 },
    ];
    const outcome = await answerQuestion(
      { question: 'q', passages: sameFrame, minLiteralLength: 15 },
      { callModel: model.callModel, log: () => {}, now: () => 0 },
    );
    expect(model.calls).toHaveLength(1);
    if (outcome.kind !== 'answer') throw new Error('expected an answer');
    expect(outcome.claims[0]!.citations[0]).toMatchObject({
      index: 1,
      passageOrder: 4,
      passageText: `${sameFrame[0]!.text}\n${sameFrame[1]!.text}`,
    });
    expect(outcome.checks.repaired).toEqual({ 'across-passages': 1 });
  });

  it('a changed word is never repaired: the retry offers the fragment’s closest sentence', async () => {
    const changed = {
      text: 'It opens at 9.',
      citations: [{ index: 1, literal: 'The museum opens at 9 a.m. and shuts at 6 p.m.' }],
    };
    const r = await run({ no_information: false, claims: [changed] }, { no_information: false, claims: [good] });
    await r.promise;
    expect(r.calls).toHaveLength(2);
    expect(JSON.stringify(r.calls[1]!.at(-1))).toContain(
      'Did you mean: &quot;The museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.&quot;?',
    );
  });

  it('drops the claims still broken after the retry when verified ones remain', async () => {
    const r = await run({ no_information: false, claims: [good, broken] }, { no_information: false, claims: [good, broken] });
    const outcome = await r.promise;
    expect(outcome).toMatchObject({ kind: 'answer', droppedClaims: 1, retried: true, checks: { citations: 4, broken: 2 } });
    if (outcome.kind !== 'answer') throw new Error('expected an answer');
    expect(outcome.claims.map((c) => c.text)).toEqual(['It opens at 9.']);
    expect(r.log[0]).toMatchObject({ outcome: 'dropped-claims' });
    expect(r.log[0]!.attempts).toHaveLength(2);
  });

  it('abstains when nothing verifies after the retry, and never calls a third time', async () => {
    const r = await run({ no_information: false, claims: [broken] }, { no_information: false, claims: [broken] });
    expect(await r.promise).toEqual({
      kind: 'abstain',
      reason: 'unverifiable',
      retried: true,
      checks: { citations: 2, broken: 2 },
    });
    expect(r.calls).toHaveLength(2);
    expect(r.log[0]).toMatchObject({ outcome: 'abstained' });
  });

  it('takes "no information" as an answer, not a failure', async () => {
    const r = await run({ no_information: true, claims: [] });
    expect(await r.promise).toEqual({
      kind: 'abstain',
      reason: 'no-information',
      retried: false,
      checks: { citations: 0, broken: 0 },
    });
    expect(r.log).toEqual([]);
  });

  it('abstains without calling the model when no passage was relevant', async () => {
    const model = scripted();
    const outcome = await answerQuestion(
      { question: 'q', passages: [], minLiteralLength: 15 },
      { callModel: model.callModel, log: () => {}, now: () => 0 },
    );
    expect(outcome).toEqual({
      kind: 'abstain',
      reason: 'no-relevant-passages',
      retried: false,
      checks: { citations: 0, broken: 0 },
    });
    expect(model.calls).toHaveLength(0);
  });

  it('a malformed reply is retried with the reason, then answered', async () => {
    const r = await run({ text: '{"claims": [', stopReason: 'end_turn' }, { no_information: false, claims: [good] });
    expect(await r.promise).toMatchObject({ kind: 'answer', retried: true });
    expect(JSON.stringify(r.calls[1]!.at(-1))).toContain('not valid JSON');
  });

  it('a reply that fails the schema twice is a clear error, logged', async () => {
    const r = await run({ answer: 'forty-two' }, { claims: 'none' });
    await expect(r.promise).rejects.toMatchObject({ name: 'ModelReplyError', kind: 'malformed' });
    expect(r.log.at(-1)).toMatchObject({ outcome: 'error' });
    expect(r.log.at(-1)!.attempts).toHaveLength(2);
  });

  it('an answer cut at max_tokens is explained, not parsed', async () => {
    const r = await run({ text: '{"no_information": false, "claims": [{"text": "It op', stopReason: 'max_tokens' });
    const err = await r.promise.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelReplyError);
    expect((err as ModelReplyError).kind).toBe('truncated');
    expect((err as Error).message).toMatch(/cut off/);
    expect(r.log).toHaveLength(1);
  });

  it('a refusal is explained with the API’s own explanation', async () => {
    const r = await run({ text: '', stopReason: 'refusal', stopExplanation: 'This touches a restricted topic.' });
    await expect(r.promise).rejects.toThrow(/declined.*restricted topic/);
  });

  it('enforces bounds the API does not: an index below 1 fails the schema', async () => {
    const r = await run(
      { no_information: false, claims: [{ text: 'x', citations: [{ index: 0, literal: 'The museum opens at 9 a.m.' }] }] },
      { no_information: false, claims: [good] },
    );
    expect(await r.promise).toMatchObject({ kind: 'answer', retried: true });
    expect(JSON.stringify(r.calls[1]!.at(-1))).toContain('did not match the schema');
  });

  describe('with the judge', () => {
    const judged = (verdicts: object, policy: 'mark' | 'drop') => {
      const model = scripted({ no_information: false, claims: [good, alsoGood] });
      const judgeCalls: PromptMessage[][] = [];
      return {
        judgeCalls,
        promise: answerQuestion(
          { question: 'q', passages, minLiteralLength: 15 },
          {
            callModel: model.callModel,
            log: () => {},
            now: () => 0,
            judge: {
              policy,
              call: async (m) => {
                judgeCalls.push(m);
                return { text: JSON.stringify(verdicts), stopReason: 'end_turn' };
              },
            },
          },
        ),
      };
    };

    it('marks a claim whose quotes do not support it', async () => {
      const r = judged({ verdicts: [{ claim: 2, supported: false, reason: 'Age limit differs.' }] }, 'mark');
      const outcome = await r.promise;
      expect(r.judgeCalls).toHaveLength(1);
      expect(outcome).toMatchObject({ kind: 'answer', judged: { policy: 'mark', unsupported: 1 } });
      if (outcome.kind === 'answer') expect(outcome.claims[1]!.doubt).toBe('Age limit differs.');
    });

    it('abstains when it drops every claim', async () => {
      const r = judged(
        {
          verdicts: [
            { claim: 1, supported: false, reason: 'a' },
            { claim: 2, supported: false, reason: 'b' },
          ],
        },
        'drop',
      );
      expect(await r.promise).toMatchObject({ kind: 'abstain', reason: 'unsupported' });
    });

    it('a judge whose reply cannot be read leaves every claim marked not checked', async () => {
      const r = judged({ nothing: 'useful' }, 'mark');
      const outcome = await r.promise;
      expect(outcome).toMatchObject({ kind: 'answer', judged: { policy: 'mark', unsupported: 0, unchecked: 2 } });
      if (outcome.kind === 'answer') expect(outcome.claims.map((c) => c.unchecked)).toEqual([true, true]);
    });

    it('a failing judge leaves the verified answer standing, marked not checked, and the failure is logged', async () => {
      const log: FailureLogEntry[] = [];
      const outcome = await answerQuestion(
        { question: 'q', passages, minLiteralLength: 15 },
        {
          callModel: scripted({ no_information: false, claims: [good] }).callModel,
          log: (e) => void log.push(e),
          now: () => 0,
          judge: { policy: 'drop', call: async () => Promise.reject(new Error('overloaded')) },
        },
      );
      expect(outcome).toMatchObject({ kind: 'answer', claims: [{ text: 'It opens at 9.', unchecked: true }] });
      expect(log[0]!.detail).toMatch(/judge: overloaded/);
    });
  });
});

describe('a follow-up in a thread', () => {
  const cafe = passage('The roof café serves lunch until 3 p.m. and coffee all day long.', {
    id: 'cafe',
    tabId: 7,
    title: 'Museum hours',
    url: 'https://museum.example/hours',
  });
  const history = [
    {
      question: 'When does it open and what does it cost?',
      fragments: 2,
      textOnly: false,
      claims: [
        {
          text: 'It opens at 9.',
          citations: [{ index: 1, literal: 'The museum opens at 9 a.m.', source: 'Museum hours (museum.example)' }],
        },
      ],
    },
  ];
  const ask = (...replies: object[]) => {
    const model = scripted(...replies);
    const promise = answerQuestion(
      { question: 'Tell me more about that.', passages: [...passages, cafe], history, minLiteralLength: 15 },
      { callModel: model.callModel, log: () => {}, now: () => 0 },
    );
    return { promise, calls: model.calls };
  };

  it('is sent after the earlier turn, and may cite an earlier fragment by its old index as well as its own', async () => {
    const r = ask({
      no_information: false,
      claims: [
        { text: 'It closes at 6.', citations: [{ index: 1, literal: 'closes at 6 p.m. every day except Monday' }] },
        { text: 'The café serves lunch.', citations: [{ index: 3, literal: 'serves lunch until 3 p.m.' }] },
      ],
    });
    const outcome = await r.promise;
    expect(r.calls[0]!.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(outcome).toMatchObject({ kind: 'answer', retried: false });
    if (outcome.kind !== 'answer') throw new Error('expected an answer');
    expect(outcome.claims.map((c) => [c.citations[0]!.index, c.citations[0]!.passageId])).toEqual([
      [1, 'hours'],
      [3, 'cafe'],
    ]);
  });

  it('is verified against the fragments sent with it: an earlier fragment’s words under the wrong index are re-pointed', async () => {
    const r = ask({
      no_information: false,
      claims: [{ text: 'The café serves lunch.', citations: [{ index: 1, literal: 'serves lunch until 3 p.m.' }] }],
    });
    const outcome = await r.promise;
    expect(r.calls).toHaveLength(1);
    if (outcome.kind !== 'answer') throw new Error('expected an answer');
    expect(outcome.claims[0]!.citations[0]).toMatchObject({ index: 3, passageId: 'cafe' });
  });

  it('words in no fragment are retried, and an index not sent is never shown', async () => {
    const r = ask(
      {
        no_information: false,
        claims: [{ text: 'The café serves dinner.', citations: [{ index: 1, literal: 'serves dinner until 9 p.m.' }] }],
      },
      {
        no_information: false,
        claims: [{ text: 'Something else.', citations: [{ index: 4, literal: 'serves dinner until 9 p.m.' }] }],
      },
    );
    const outcome = await r.promise;
    expect(r.calls).toHaveLength(2);
    // The retry keeps the conversation, then the model's answer and its problems.
    expect(r.calls[1]!.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(outcome).toMatchObject({ kind: 'abstain', reason: 'unverifiable' });
  });
});

describe('verifiableFragments', () => {
  it('gives the verifier where the second passage of a passage sent with its neighbour starts', () => {
    const pair = { ...passage('First passage.\nSecond passage.'), id: 'a+b', seams: [15] };
    expect(verifiableFragments([{ index: 1, passage: pair }])).toEqual([
      { index: 1, text: 'First passage.\nSecond passage.', seams: [15] },
    ]);
  });
});
