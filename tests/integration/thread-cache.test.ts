// A thread of three questions through the real SDK against the Messages API stand-in: each
// follow-up carries the earlier turns, and reads what the request before it wrote to the prompt
// cache, as the API keeps it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Outcome } from '@/lib/shared/answer/run';
import type { Turn } from '@/lib/shared/answer/thread';
import { claudeCall } from '@/lib/worker/model/claude';
import { ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { selectPassages } from '@/lib/worker/rank/rank';
import { addedBy, planTurn, type ThreadSendPlan } from '@/lib/worker/prompt/thread-plan';
import { cacheBreakpoints } from '../support/stand-in/prompt-cache';
import { startMessagesApi, type MessagesApi } from '../support/stand-in/messages-api';
import { passage } from '../support/passages';

let api: MessagesApi;
beforeAll(async () => {
  api = await startMessagesApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

// Pages long enough for a cacheable prefix (the API's minimum is 1,024 tokens for Sonnet).
const sentence = (topic: string, i: number) =>
  `Paragraph ${i} of the ${topic} guide explains one more detail of the ${topic} at length.`;
const long = (topic: string, id: string, order: number) =>
  passage(`${Array.from({ length: 60 }, (_, i) => sentence(topic, i)).join(' ')} The ${topic} fact is ${id}-${order}.`, {
    id,
    order,
    tabId: 1,
  });
const tabs = [
  long('museum opening hours', 'h', 0),
  long('ticket prices for children', 't', 1),
  long('rooftop cafe lunch menu', 'c', 2),
  long('bicycle parking racks', 'b', 3),
];
const settings = { apiKey: 'sk-ant-test', model: 'claude-sonnet-5-5', baseURL: '' };

/** Asks one question of the thread, as the background does, and keeps it as a turn. */
async function askInThread(
  turns: Turn[],
  question: string,
  cite: (plan: ThreadSendPlan) => number,
): Promise<{ outcome: Outcome; plan: ThreadSendPlan }> {
  const plan = planTurn(selectPassages(tabs, question), tabs, 8000, turns);
  const index = cite(plan);
  const literal = plan.passages[index - 1]!.text.slice(-24);
  api.enqueue({
    kind: 'json',
    value: { no_information: false, claims: [{ text: `About ${question}`, citations: [{ index, literal }] }] },
  });
  const outcome = await answerQuestion(
    { question, passages: plan.passages, groups: plan.groups, history: plan.history, minLiteralLength: 15 },
    { callModel: claudeCall({ ...settings, baseURL: api.url }, ANSWER_REQUEST), log: () => {}, now: () => 0 },
  );
  turns.push({
    id: String(turns.length),
    question,
    askedAt: 0,
    answeredAt: 0,
    fragments: addedBy(plan),
    restarted: plan.restarted,
    outcome,
  });
  return { outcome, plan };
}

describe('a thread and the prompt cache', () => {
  it('each follow-up carries the earlier turns, is verified, and reads the previous request’s prefix from the cache', async () => {
    const turns: Turn[] = [];
    const first = await askInThread(turns, 'museum opening hours', () => 1);
    const second = await askInThread(turns, 'ticket prices for children', (p) => p.passages.length);
    const third = await askInThread(turns, 'rooftop cafe lunch menu', () => 1);

    for (const { outcome } of [first, second, third]) expect(outcome).toMatchObject({ kind: 'answer', retried: false });
    // Numbering runs on: the second question's own fragment comes after the first's; the third
    // cites the first question's fragment under its first index.
    expect(second.plan.reused).toBe(first.plan.passages.length);
    expect(third.plan.reused).toBe(second.plan.passages.length);
    if (third.outcome.kind !== 'answer') throw new Error('expected an answer');
    expect(third.outcome.claims[0]!.citations[0]!.passageId).toBe(first.plan.passages[0]!.id);

    const bodies = api.requests.map((r) => r.body as { messages: Array<{ role: string; content: unknown }> });
    expect(bodies.map((b) => b.messages.map((m) => m.role).join(','))).toEqual([
      'user',
      'user,assistant,user',
      'user,assistant,user,assistant,user',
    ]);
    // The earlier turns go exactly as they went: each request starts with the one before.
    expect(bodies[1]!.messages[0]).toEqual(bodies[0]!.messages[0]);
    expect(bodies[2]!.messages.slice(0, 3)).toEqual(bodies[1]!.messages);
    for (const body of bodies) expect(cacheBreakpoints(body)).toBeLessThanOrEqual(4);

    const [a, b, c] = [first, second, third].map((x) => x.outcome.usage!);
    expect(a!.cacheRead).toBe(0);
    expect(a!.cacheWrite).toBeGreaterThan(1024);
    // Each follow-up reads all that the request before it wrote, and pays in full only the
    // earlier answer, its own fragments and its question.
    expect(b!.cacheRead).toBe(a!.cacheWrite);
    expect(c!.cacheRead).toBe(b!.cacheRead + b!.cacheWrite);
    expect(c!.input).toBeLessThan(c!.cacheRead / 4);
  });

  it('"New question" starts over: the next request carries no earlier turn and reads nothing from the thread', async () => {
    const turns: Turn[] = [];
    await askInThread(turns, 'museum opening hours', () => 1);
    const fresh = await askInThread([], 'bicycle parking racks', () => 1);
    expect((api.requests[1]!.body as { messages: unknown[] }).messages).toHaveLength(1);
    expect(fresh.outcome.usage!.cacheRead).toBe(0);
  });
});
