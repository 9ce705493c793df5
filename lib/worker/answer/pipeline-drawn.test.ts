import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { answerQuestion } from './pipeline';
import type { PromptMessage } from '@/lib/worker/prompt/prompt';
import type { FailureLogEntry, ShownCitation } from '@/lib/shared/answer/run';

const passages = [
  passage('The kettle boils a full litre of water in three minutes.', { id: 'boil', tabId: 7 }),
  passage('This kettle was recalled for fire risk last spring.', { id: 'recall', tabId: 7 }),
];
const boils = { text: 'It boils fast.', citations: [{ index: 1, literal: 'boils a full litre of water' }] };
const recalled = { text: 'It was recalled.', citations: [{ index: 2, literal: 'recalled for fire risk' }] };

/** The pipeline with a page that draws every quote but `unseen`. */
async function run(unseen: string, ...replies: object[]) {
  return runOn(passages, unseen, ...replies);
}

async function runOn(passages: ReturnType<typeof passage>[], unseen: string, ...replies: object[]) {
  const calls: PromptMessage[][] = [];
  const log: FailureLogEntry[] = [];
  const outcome = await answerQuestion(
    { question: 'Is it safe?', passages, minLiteralLength: 15 },
    {
      callModel: async (messages) => {
        calls.push(messages);
        return { text: JSON.stringify(replies.shift()), stopReason: 'end_turn' };
      },
      log: (e) => void log.push(e),
      now: () => 1000,
      checkSeen: async (queries: ShownCitation[]) =>
        queries.map((q) =>
          q.literal === unseen ? { drawn: false as const, reason: 'transparent' as const } : { drawn: true as const },
        ),
    },
  );
  return { outcome, calls, log };
}

describe('answerQuestion with the pages’ proof that quotes are drawn', () => {
  it('does not show a verified quote its page does not draw: the claim is dropped, the reason logged', async () => {
    const r = await run(
      'recalled for fire risk',
      { no_information: false, claims: [boils, recalled] },
      {
        no_information: false,
        claims: [boils, recalled],
      },
    );
    expect(r.outcome).toMatchObject({ kind: 'answer', droppedClaims: 1, retried: true });
    if (r.outcome.kind !== 'answer') throw new Error('expected an answer');
    expect(r.outcome.claims.map((c) => c.text)).toEqual(['It boils fast.']);
    expect(r.outcome.checks.broken).toBe(2);
    expect(JSON.stringify(r.calls[1]!.at(-1))).toContain('drawn in a transparent colour');
    expect(r.log).toEqual([
      expect.objectContaining({
        outcome: 'dropped-claims',
        attempts: [
          [expect.objectContaining({ kind: 'not-drawn', reason: 'transparent' })],
          [expect.objectContaining({ kind: 'not-drawn', reason: 'transparent' })],
        ],
      }),
    ]);
  });

  it('abstains when no claim is left with a quote the page draws', async () => {
    const r = await run(
      'recalled for fire risk',
      { no_information: false, claims: [recalled] },
      {
        no_information: false,
        claims: [recalled],
      },
    );
    expect(r.outcome).toMatchObject({ kind: 'abstain', reason: 'unverifiable' });
  });

  it('proves a quote of a selection read in a page (a script may have made it), not of the context menu’s', async () => {
    const selected = (readId: string | undefined) => [
      passages[0]!,
      { ...passages[1]!, selection: true, ...(readId ? { readId } : {}) },
    ];
    const reply = { no_information: false, claims: [boils, recalled] };
    const read = await runOn(selected('read-7'), 'recalled for fire risk', reply, reply);
    expect(read.outcome).toMatchObject({ kind: 'answer', droppedClaims: 1 });
    const menu = await runOn(selected(undefined), 'recalled for fire risk', reply);
    expect(menu.outcome).toMatchObject({ kind: 'answer', droppedClaims: 0 });
  });

  it('shows the answer at once when every quote is drawn', async () => {
    const r = await run('nothing', { no_information: false, claims: [boils, recalled] });
    expect(r.outcome).toMatchObject({ kind: 'answer', droppedClaims: 0, retried: false });
    expect(r.calls).toHaveLength(1);
  });
});
