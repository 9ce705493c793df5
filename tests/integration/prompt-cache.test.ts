// Prompt caching and token usage: what a follow-up sends, and what each answer cost, through the
// real SDK against the Messages API stand-in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claudeCall } from '@/lib/worker/model/claude';
import { ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import { numberFragments } from '@/lib/worker/prompt/fragments';
import { nativePrompt } from '@/lib/worker/model/native-citations';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { buildMessages, type PromptBlock } from '@/lib/worker/prompt/prompt';
import { selectPassages } from '@/lib/worker/rank/rank';
import { planTurn } from '@/lib/worker/prompt/thread-plan';
import { startMessagesApi, type MessagesApi } from '../support/stand-in/messages-api';
import { passage } from '../support/passages';

let api: MessagesApi;
beforeAll(async () => {
  api = await startMessagesApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const pages = [
  passage('The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.', { id: 'h', order: 0, tabId: 1 }),
  passage('Adult tickets cost 12 euros; children under twelve enter for free.', { id: 't', order: 1, tabId: 1 }),
  passage('The museum is a five-minute walk from Central Station.', { id: 's', order: 2, tabId: 1 }),
];
const settings = () => ({ apiKey: 'sk-ant-test', model: 'claude-sonnet-5-5', baseURL: api.url });

describe('cached blocks of documents', () => {
  it('in native-citations mode, ends each block of document blocks at a breakpoint', () => {
    const fragments = numberFragments(pages);
    const content = nativePrompt.first(fragments, 'Q', [1, 2])[0]!.content as PromptBlock[];
    expect(content.map((b) => 'cache_control' in b && b.cache_control !== undefined)).toEqual([true, false, true, false]);
  });

  it('puts all fragments in one block when no blocks are given', () => {
    const content = buildMessages(numberFragments(pages), 'Q')[0]!.content as PromptBlock[];
    expect(content).toHaveLength(2);
  });
});

describe('the prompt cache, as the stand-in keeps it like the API', () => {
  // Pages long enough for a cacheable prefix (the API's minimum is 1,024 tokens for Sonnet).
  const sentence = (topic: string, i: number) =>
    `Paragraph ${i} of the ${topic} guide explains one more detail of the ${topic} at length.`;
  const long = (topic: string, id: string, order: number) =>
    passage(Array.from({ length: 80 }, (_, i) => sentence(topic, i)).join(' '), { id, order, tabId: 1 });
  const tabs = [long('museum opening hours', 'h', 0), long('ticket prices for children', 't', 1)];
  const json = { kind: 'json' as const, value: { no_information: true, claims: [] } };
  const ask = (plan: ReturnType<typeof planTurn>, question: string) =>
    answerQuestion(
      { question, passages: plan.passages, groups: plan.groups, minLiteralLength: 15 },
      { callModel: claudeCall(settings(), ANSWER_REQUEST), log: () => {}, now: () => 0 },
    );

  it('a question about other pages starts a new cache: nothing is read', async () => {
    api.enqueue(json, json);
    const first = planTurn(selectPassages(tabs.slice(0, 1), 'museum opening hours'), tabs, 8000, []);
    await ask(first, 'When does the museum open?');
    const other = planTurn(selectPassages(tabs.slice(1), 'ticket prices for children'), tabs.slice(1), 8000, []);
    const b = (await ask(other, 'What do children pay?')).usage!;
    expect(b.cacheRead).toBe(0);
  });

  it('a prompt shorter than the minimum is not cached, though it asks to be', async () => {
    api.enqueue(json, json);
    const plan = planTurn(selectPassages(pages, 'When does the museum open?'), pages, 8000, []);
    await ask(plan, 'When does the museum open?');
    const again = (await ask(plan, 'When does the museum open?')).usage!;
    expect(again).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    expect(JSON.stringify(api.requests[1]!.body)).toContain('"cache_control"');
  });

  it('more than four cache breakpoints is refused by the API, as it is by the real one', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({
      type: 'text',
      text: `block ${i}`,
      cache_control: { type: 'ephemeral' },
    }));
    const res = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-sonnet-5-5', max_tokens: 10, messages: [{ role: 'user', content: five }] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /maximum of 4 blocks with cache_control/,
    );
  });
});

describe('token usage', () => {
  it('is kept with the answer, input, cached and output tokens added over the retry', async () => {
    const literal = 'The City Museum opens at 9 a.m.';
    api.enqueue(
      {
        kind: 'json',
        value: {
          no_information: false,
          claims: [{ text: 'At nine.', citations: [{ index: 1, literal: 'opens at nine o’clock sharp' }] }],
        },
        usage: { input_tokens: 50, cache_creation_input_tokens: 1200, output_tokens: 30 },
      },
      {
        kind: 'json',
        value: { no_information: false, claims: [{ text: 'At nine.', citations: [{ index: 1, literal }] }] },
        usage: { input_tokens: 80, cache_read_input_tokens: 1200, output_tokens: 25 },
      },
    );
    const outcome = await answerQuestion(
      { question: 'When does it open?', passages: pages, minLiteralLength: 15 },
      { callModel: claudeCall(settings(), ANSWER_REQUEST), log: () => {}, now: () => 0 },
    );
    expect(outcome.kind).toBe('answer');
    expect(outcome.usage).toEqual({ input: 130, cacheRead: 1200, cacheWrite: 1200, output: 55, calls: 2 });
  });

  it('is absent when no model was called', async () => {
    const outcome = await answerQuestion(
      { question: 'Who won?', passages: [], minLiteralLength: 15 },
      { callModel: claudeCall(settings(), ANSWER_REQUEST), log: () => {}, now: () => 0 },
    );
    expect(outcome).toMatchObject({ kind: 'abstain', reason: 'no-relevant-passages' });
    expect(outcome.usage).toBeUndefined();
    expect(api.requests).toHaveLength(0);
  });
});
