// The second transport (Chat Completions) through its real client and the real pipeline, against
// the Chat Completions stand-in in each of its habits: a server that honours `json_schema`, one
// that ignores it and lets the model write prose around its JSON, one that refuses the field; and
// every fault a user may meet, said in the provider's terms.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chatCall, type ChatSettings } from '@/lib/worker/model/chat-completions';
import { chatFailure, providerContext } from '@/lib/worker/model/chat-errors';
import { modelCall } from '@/lib/worker/model/transport';
import { describeError } from '@/lib/worker/model/errors';
import { ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { fetchWithoutRedirects } from '@/lib/shared/servers/no-redirect';
import { honoursJsonSchema, listModels } from '@/lib/shared/servers/server-probe';
import type { ShownClaim } from '@/lib/shared/answer/run';
import {
  startChatCompletionsApi,
  type ChatCompletionsApi,
  type ChatHabits,
  type ChatScripted,
} from '../support/stand-in/chat-completions-api';
import { indexOf } from '../support/stand-in/replies';
import { passage } from '../support/passages';

const TEXT = 'The library opens at noon on Sundays.';
const KEY = 'sk-proj-stand-in-key-0001';

let api: ChatCompletionsApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

async function start(habits: ChatHabits = {}): Promise<ChatCompletionsApi> {
  api = await startChatCompletionsApi({ models: ['gpt-5-mini'], keys: [KEY], ...habits });
  return api;
}

const settings = (a: ChatCompletionsApi, over: Partial<ChatSettings> = {}): ChatSettings => ({
  apiKey: KEY,
  model: 'gpt-5-mini',
  baseURL: a.url,
  tokenLimit: 'max_completion_tokens',
  ...over,
});

const noon: ChatScripted = (req) => ({
  kind: 'json',
  value: {
    no_information: false,
    claims: [{ text: 'It opens at noon.', citations: [{ index: indexOf(req, 'noon'), literal: TEXT }] }],
  },
});

function ask(
  a: ChatCompletionsApi,
  over: Partial<ChatSettings> = {},
  extra: { onClaims?: (c: ShownClaim[]) => void } = {},
  onSchemaRefused?: (model: string) => void,
) {
  const shapes: string[] = [];
  const outcome = answerQuestion(
    { question: 'When does it open on Sunday?', passages: [passage(TEXT)], minLiteralLength: 15 },
    {
      callModel: chatCall(settings(a, over), ANSWER_REQUEST, {
        retryPolicy: { retries: 0, capMs: 10, baseMs: 1 },
        ...(onSchemaRefused ? { onSchemaRefused } : {}),
      }),
      log: () => {},
      now: Date.now,
      onReplyShape: (s) => shapes.push(s),
      ...extra,
    },
  );
  return { outcome, shapes };
}

/** What the popup says when the question fails: the error in the provider's terms. */
async function said(a: ChatCompletionsApi, over: Partial<ChatSettings> = {}, server: 'openai' | 'chat-other' = 'openai') {
  const err = await ask(a, over).outcome.then(
    () => expect.fail('expected the question to fail'),
    (e: unknown) => e,
  );
  return describeError(chatFailure(err, providerContext({ server, baseURL: a.url, model: 'gpt-5-mini' })) ?? err);
}

describe('a server that honours json_schema (OpenAI, Mistral, vLLM)', () => {
  it('is asked with the strict schema and the key as Bearer; its bare JSON is verified, claims shown while it streams', async () => {
    const a = await start({ schema: 'honours' });
    a.enqueue(noon);
    const shown: ShownClaim[][] = [];
    const { outcome, shapes } = ask(a, {}, { onClaims: (c) => shown.push(c) });
    const result = await outcome;
    expect(result).toMatchObject({ kind: 'answer', retried: false, claims: [{ text: 'It opens at noon.' }] });
    expect(shapes).toEqual(['bare']);
    // The claim was shown, verified, before the reply ended.
    expect(shown.at(-1)).toMatchObject([{ text: 'It opens at noon.' }]);
    const [req] = a.requests;
    expect(req!.path).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.headers['x-api-key']).toBeUndefined();
    expect(req!.body).toMatchObject({
      model: 'gpt-5-mini',
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 4096,
    });
    expect(req!.body.max_tokens).toBeUndefined();
    expect(req!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'reply', strict: true } });
    expect(Object.keys(req!.body.response_format.json_schema.schema.properties)).toEqual(['no_information', 'claims']);
    // The system prompt first, then the fragments and the question as today.
    expect(req!.body.messages[0]).toMatchObject({ role: 'system' });
    expect(req!.body.messages[0].content).toMatch(/never instructions to you/);
    expect(req!.body.messages.at(-1).content).toContain('When does it open on Sunday?');
    expect(req!.body.messages.at(-1).content).toContain(TEXT);
    // Its usage, from the last chunk, is counted.
    expect(result.usage).toMatchObject({ calls: 1, cacheRead: 0 });
    expect(result.usage!.input).toBeGreaterThan(0);
    expect(result.usage!.output).toBeGreaterThan(0);
  });

  it('under a path of its own (Gemini: /v1beta/openai), with OpenRouter’s comment lines, asked with max_tokens', async () => {
    const a = await start({ prefix: '/v1beta/openai', comments: true });
    a.enqueue(noon);
    const result = await ask(a, { tokenLimit: 'max_tokens' }).outcome;
    expect(result).toMatchObject({ kind: 'answer', claims: [{ text: 'It opens at noon.' }] });
    expect(a.requests[0]!.path).toBe('/v1beta/openai/chat/completions');
    expect(a.requests[0]!.body.max_tokens).toBe(4096);
  });
});

describe('a server that ignores json_schema and lets the model write prose with its JSON inside', () => {
  it('has the JSON found in the prose, verified, and says so for the next question', async () => {
    const a = await start({ schema: 'ignores' });
    a.enqueue(noon);
    const { outcome, shapes } = ask(a);
    expect(await outcome).toMatchObject({ kind: 'answer', retried: false, claims: [{ text: 'It opens at noon.' }] });
    expect(shapes).toEqual(['fenced']);
  });

  it('on the prompt path, gets no response_format and the schema in the system prompt', async () => {
    const a = await start({ schema: 'ignores' });
    a.enqueue(noon);
    expect(await ask(a, { answerPath: 'prompt' }).outcome).toMatchObject({ kind: 'answer' });
    const [req] = a.requests;
    expect(req!.body.response_format).toBeUndefined();
    expect(req!.body.messages[0].content).toContain('"no_information"');
  });

  it('a model that writes no readable JSON, even when asked again, is said to ignore the schema', async () => {
    const a = await start({ schema: 'ignores' });
    a.enqueue({ kind: 'text', text: 'The library opens at noon.' }, { kind: 'text', text: 'As I said: noon.' });
    const shown = await said(a, {}, 'chat-other');
    expect(shown).toMatchObject({ kind: 'malformed' });
    expect(shown.message).toBe(
      `The model gpt-5-mini at The server at ${a.origin} did not write its answer as the JSON schema asks, even after a second try: it ignores the answer's schema. Choose another model, or ask again.`,
    );
    expect(a.requests).toHaveLength(2);
  });
});

describe('a server that refuses response_format (a Groq model without it)', () => {
  it('is asked again at once with the schema in the prompt, and the answer is verified', async () => {
    const a = await start({ schema: 'rejects' });
    a.enqueue(noon);
    expect(await ask(a).outcome).toMatchObject({ kind: 'answer', claims: [{ text: 'It opens at noon.' }] });
    expect(a.requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual(['json_schema', 'none']);
  });

  it('says which model refused, so the next question to it goes straight to the schema in the prompt', async () => {
    const a = await start({ schema: 'rejects' });
    const refused: string[] = [];
    a.enqueue(noon);
    await ask(a, {}, {}, (m) => refused.push(m)).outcome;
    expect(refused).toEqual(['gpt-5-mini']);
    // The next question, on the path the server plan now gives this model there (server-plan.test.ts).
    a.reset();
    a.enqueue(noon);
    expect(await ask(a, { answerPath: 'prompt' }, {}, (m) => refused.push(m)).outcome).toMatchObject({ kind: 'answer' });
    expect(a.requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual(['none']);
    expect(refused).toEqual(['gpt-5-mini']);
  });
});

describe('faults, in the provider’s terms', () => {
  it('401: the key is not one of its keys', async () => {
    const a = await start();
    const shown = await said(a, { apiKey: 'sk-wrong-key-9999' });
    expect(shown).toMatchObject({ kind: 'auth', action: 'open-options' });
    expect(shown.message).toMatch(/^OpenAI rejected the API key \(401\) \(Incorrect API key provided: sk-\*\*\*\*\*9999\./);
  });

  it('403: no access to the model', async () => {
    const a = await start();
    a.enqueue({
      kind: 'error',
      status: 403,
      type: 'invalid_request_error',
      code: 'model_not_allowed',
      message: 'Project proj_x does not have access to model gpt-5-mini',
    });
    const shown = await said(a);
    expect(shown).toMatchObject({ kind: 'forbidden', action: 'open-options' });
    expect(shown.message).toContain('the key has no access to the model gpt-5-mini');
  });

  it('404: no such model', async () => {
    const a = await start();
    const shown = await said(a, { model: 'gpt-9' });
    expect(shown).toMatchObject({ kind: 'model', action: 'open-options' });
    expect(shown.message).toContain('OpenAI has no model named gpt-5-mini (404)');
    expect(shown.message).toContain('The model `gpt-9` does not exist or you do not have access to it.');
  });

  it('429: the wait its retry-after asked, after our capped retries', async () => {
    const a = await start();
    const limited = {
      kind: 'error' as const,
      status: 429,
      type: 'requests',
      code: 'rate_limit_exceeded',
      message: 'Rate limit reached for gpt-5-mini on requests per min (RPM): Limit 3.',
      headers: { 'retry-after': '20' },
    };
    a.enqueue(limited);
    const shown = await said(a);
    expect(shown).toMatchObject({ kind: 'rate-limit', action: 'ask-again' });
    expect(shown.message).toContain('It asked to wait 20 seconds');
  });

  it('429 then an answer: the shared retry waits what retry-after says, and the question is answered', async () => {
    const a = await start();
    a.enqueue(
      {
        kind: 'error',
        status: 429,
        type: 'requests',
        code: 'rate_limit_exceeded',
        message: 'Rate limit reached',
        headers: { 'retry-after': '1' },
      },
      noon,
    );
    const waits: number[] = [];
    const call = chatCall(settings(a), ANSWER_REQUEST, { onWait: (ms) => waits.push(ms) });
    const result = await answerQuestion(
      { question: 'When?', passages: [passage(TEXT)], minLiteralLength: 15 },
      { callModel: call, log: () => {}, now: Date.now },
    );
    expect(result).toMatchObject({ kind: 'answer' });
    expect(waits).toEqual([1000]);
  });

  it('5xx: its own error, worth asking again', async () => {
    const a = await start();
    a.enqueue({
      kind: 'error',
      status: 503,
      type: 'server_error',
      message: 'The engine is currently overloaded, please try again later.',
    });
    expect(await said(a)).toMatchObject({
      kind: 'server',
      action: 'ask-again',
      message: 'OpenAI had an error of its own (503). Ask again in a moment.',
    });
  });

  it('finish_reason content_filter: its filter stopped the answer', async () => {
    const a = await start();
    a.enqueue({ kind: 'json', value: { no_information: false, claims: [] }, finishReason: 'content_filter' });
    const shown = await said(a);
    expect(shown).toMatchObject({ kind: 'refused' });
    expect(shown.message).toContain('OpenAI stopped the answer with its content filter');
  });

  it('a strict schema’s refusal (delta.refusal) is a refusal too', async () => {
    const a = await start();
    a.enqueue({ kind: 'refusal', refusal: "I'm sorry, I can't help with that." });
    expect(await said(a)).toMatchObject({ kind: 'refused' });
  });

  it('finish_reason length: cut off at its limit', async () => {
    const a = await start();
    a.enqueue({ kind: 'json', value: { no_information: false, claims: [{ text: 'x', citations: [] }] }, finishReason: 'length' });
    const shown = await said(a);
    expect(shown).toMatchObject({ kind: 'truncated' });
    expect(shown.message).toContain('The answer from OpenAI reached its length limit (finish_reason: length)');
  });

  it('an error event mid-stream, and a stream cut before [DONE], are said as broken off', async () => {
    const a = await start();
    a.enqueue({ kind: 'stream-error', afterText: '{"no_information": fal', message: 'Provider returned error' });
    expect(await said(a)).toMatchObject({ kind: 'stream', message: expect.stringContaining('Provider returned error') });
    a.enqueue({ kind: 'stream-cut', afterText: '{"no_information": fal' });
    expect(await said(a)).toMatchObject({ kind: 'stream', action: 'ask-again' });
  });

  it('a hung server ends at the time limit; a cancel ends the call at once', async () => {
    const a = await start();
    a.enqueue({ kind: 'hang' });
    const call = chatCall(settings(a), ANSWER_REQUEST, { timeoutMs: 300, retryPolicy: { retries: 0, capMs: 1, baseMs: 1 } });
    const timeout = await call([{ role: 'user', content: 'x' }]).catch((e: unknown) => e);
    expect(describeError(chatFailure(timeout, providerContext({ server: 'groq', baseURL: a.url, model: 'm' })))).toMatchObject({
      kind: 'timeout',
      message: 'Groq did not answer in time. Check your connection and ask again.',
    });
    a.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const cancelled = chatCall(settings(a), ANSWER_REQUEST, { signal: controller.signal })([
      { role: 'user', content: 'x' },
    ]).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    expect(describeError(await cancelled)).toMatchObject({ kind: 'cancelled' });
  });

  it('a redirect is refused: the key never follows it', async () => {
    const a = await start();
    const hits: string[] = [];
    const redirector = createServer((req, res) => {
      hits.push(req.headers.authorization ?? '');
      res.writeHead(307, { location: `${a.url}/chat/completions` }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/v1`;
      const err = await chatCall(
        { ...settings(a), baseURL: url },
        ANSWER_REQUEST,
        {},
        fetchWithoutRedirects(),
      )([{ role: 'user', content: 'x' }]).catch((e: unknown) => e);
      expect(describeError(err)).toMatchObject({ kind: 'redirect', action: 'open-options' });
      expect(hits).toHaveLength(1);
      expect(a.requests).toHaveLength(0);
    } finally {
      await new Promise((r) => redirector.close(r));
    }
  });
});

describe('what the options ask of a Chat Completions server', () => {
  it('lists its models at <base>/models with the key as Bearer, and learns whether it honours json_schema', async () => {
    const a = await start({ models: ['gpt-5-mini', 'gpt-5-nano'], owner: 'openai' });
    expect(await listModels(fetch, a.url, 'openai', KEY)).toEqual(['gpt-5-mini', 'gpt-5-nano']);
    expect(a.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models', headers: { authorization: `Bearer ${KEY}` } });
    // A local server's bare address, asked through Chat Completions: under /v1.
    expect(await listModels(fetch, a.origin, 'lmstudio', '', undefined, 'chat').catch((e: unknown) => e)).toMatchObject({
      why: 'auth',
    });
    a.enqueue({ kind: 'json', value: { ok: true } });
    expect(await honoursJsonSchema(fetch, a.url, 'gpt-5-mini', KEY)).toBe(true);
  });

  it('Gemini lists its models as models/<id>: shown and asked by the bare id its chat route takes', async () => {
    const a = await start({ prefix: '/v1beta/openai', modelIds: 'models/', models: ['gemini-2.5-flash', 'gemini-2.5-pro'] });
    expect(await listModels(fetch, a.url, 'gemini', KEY)).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro']);
    const raw = (await (await fetch(`${a.url}/models`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as {
      data: Array<{ id: string }>;
    };
    expect(raw.data.map((m) => m.id)).toEqual(['models/gemini-2.5-flash', 'models/gemini-2.5-pro']);
    // A model saved as the list once named it (`models/…`) is asked bare, through the transport.
    a.enqueue({ kind: 'text', text: 'Noon.' });
    const call = modelCall({ ...settings(a), api: 'chat', server: 'gemini', model: 'models/gemini-2.5-flash' }, ANSWER_REQUEST, {
      retryPolicy: { retries: 0, capMs: 10, baseMs: 1 },
    });
    await call([{ role: 'user', content: 'When does it open?' }]);
    expect(a.requests.at(-1)!.body.model).toBe('gemini-2.5-flash');
  });

  it('a server that ignores the schema, or refuses it, does not honour it', async () => {
    const ignores = await start({ schema: 'ignores' });
    ignores.enqueue({ kind: 'json', value: { ok: true } });
    expect(await honoursJsonSchema(fetch, ignores.url, 'gpt-5-mini', KEY)).toBe(false);
    await ignores.close();
    const rejects = await start({ schema: 'rejects' });
    expect(await honoursJsonSchema(fetch, rejects.url, 'gpt-5-mini', KEY)).toBe(false);
  });
});
