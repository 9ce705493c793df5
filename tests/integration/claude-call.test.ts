// The model call and the error messages, through the real SDK against the Messages API stand-in.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claudeCall } from '@/lib/worker/model/claude';
import { ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import { describeError } from '@/lib/worker/model/errors';
import { numberFragments } from '@/lib/worker/prompt/fragments';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { buildMessages } from '@/lib/worker/prompt/prompt';
import { startMessagesApi, type MessagesApi } from '../support/stand-in/messages-api';
import { passage } from '../support/passages';

let api: MessagesApi;
beforeAll(async () => {
  api = await startMessagesApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const settings = () => ({ apiKey: 'sk-ant-test', model: 'claude-sonnet-5-5', baseURL: api.url });
const messages = buildMessages(numberFragments([passage('The library opens at noon on Sundays.')]), 'When?');

async function failure(reply: Parameters<MessagesApi['enqueue']>[0]) {
  api.enqueue(reply);
  const err = await claudeCall(
    settings(),
    ANSWER_REQUEST,
  )(messages).then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  return describeError(err);
}

describe('claudeCall with the answer request', () => {
  it('sends structured output, the system prompt, the key and the browser-access header', async () => {
    api.enqueue({ kind: 'json', value: { no_information: true, claims: [] } });
    const reply = await claudeCall(settings(), ANSWER_REQUEST)(messages);
    expect(JSON.parse(reply.text)).toEqual({ no_information: true, claims: [] });
    expect(reply.stopReason).toBe('end_turn');
    const [req] = api.requests;
    expect(req!.body.stream).toBe(true);
    expect(req!.body.model).toBe('claude-sonnet-5-5');
    expect(req!.body.system).toMatch(/never instructions to you/);
    expect(req!.body.output_config.format.type).toBe('json_schema');
    expect(Object.keys(req!.body.output_config.format.schema.properties)).toEqual(['no_information', 'claims']);
    expect(req!.headers.authorization).toBe('Bearer sk-ant-test');
    expect(req!.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  });

  it('keeps a refusal’s stop reason and explanation for the pipeline to explain', async () => {
    api.enqueue({
      kind: 'text',
      text: '',
      stopReason: 'refusal',
      stopDetails: { type: 'refusal', category: 'general_harms', explanation: 'Not something I can help with.' },
    });
    const reply = await claudeCall(settings(), ANSWER_REQUEST)(messages);
    expect(reply).toMatchObject({ stopReason: 'refusal', stopExplanation: 'Not something I can help with.' });
  });

  it('a reply cut at max_tokens reaches the pipeline, which explains it', async () => {
    api.enqueue({ kind: 'text', text: '{"no_information": false, "claims": [{"text": "No', stopReason: 'max_tokens' });
    const run = answerQuestion(
      { question: 'When?', passages: [passage('The library opens at noon on Sundays.')], minLiteralLength: 15 },
      { callModel: claudeCall(settings(), ANSWER_REQUEST), log: () => {}, now: Date.now },
    );
    await expect(run).rejects.toMatchObject({ kind: 'truncated' });
  });

  it('runs the whole pipeline: a verified answer from a streamed reply', async () => {
    api.enqueue({
      kind: 'json',
      value: {
        no_information: false,
        claims: [{ text: 'Noon.', citations: [{ index: 1, literal: 'opens at noon on Sundays' }] }],
      },
    });
    const outcome = await answerQuestion(
      { question: 'When?', passages: [passage('The library opens at noon on Sundays.')], minLiteralLength: 15 },
      { callModel: claudeCall(settings(), ANSWER_REQUEST), log: () => {}, now: Date.now },
    );
    expect(outcome).toMatchObject({ kind: 'answer', claims: [{ text: 'Noon.' }] });
  });
});

describe('retries', () => {
  const answer = { kind: 'json' as const, value: { no_information: true, claims: [] } };

  it('an overloaded API is tried again after the wait it asks for, and the wait is reported', async () => {
    api.enqueue(
      { kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded', headers: { 'retry-after-ms': '20' } },
      answer,
    );
    const waits: number[] = [];
    const reply = await claudeCall(settings(), ANSWER_REQUEST, { onWait: (ms) => waits.push(ms) })(messages);
    expect(reply.stopReason).toBe('end_turn');
    expect(waits).toEqual([20]);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('a rate limit asking for ten minutes is waited out for the cap only', async () => {
    api.enqueue(
      { kind: 'error', status: 429, type: 'rate_limit_error', message: 'slow down', headers: { 'retry-after': '600' } },
      answer,
    );
    const waits: number[] = [];
    await claudeCall(settings(), ANSWER_REQUEST, {
      onWait: (ms) => waits.push(ms),
      retryPolicy: { retries: 2, capMs: 50, baseMs: 1 },
    })(messages);
    expect(waits).toEqual([50]);
  });

  it('reports the answer’s characters as they stream in', async () => {
    api.enqueue(answer);
    const seen: number[] = [];
    await claudeCall(settings(), ANSWER_REQUEST, { onText: (n) => seen.push(n) })(messages);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(JSON.stringify(answer.value).length);
  });

  it('Cancel during a wait stops at once', async () => {
    api.enqueue({
      kind: 'error',
      status: 529,
      type: 'overloaded_error',
      message: 'Overloaded',
      headers: { 'retry-after': '20' },
    });
    const controller = new AbortController();
    const started = Date.now();
    const call = claudeCall(settings(), ANSWER_REQUEST, { signal: controller.signal, onWait: () => controller.abort() })(
      messages,
    );
    await expect(call).rejects.toBeDefined();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(describeError(await call.catch((e: unknown) => e)).kind).toBe('cancelled');
  });
});

describe('describeError: what the user reads for each failure', () => {
  it('401: the key was rejected, with the way to the options', async () => {
    const shown = await failure({ kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
    expect(shown).toMatchObject({ kind: 'auth', action: 'open-options' });
    expect(shown.message).toMatch(/API key was rejected.*invalid x-api-key/);
  });

  it('403: the API’s own reason, e.g. an organisation that forbids browser access', async () => {
    const shown = await failure({
      kind: 'error',
      status: 403,
      type: 'permission_error',
      message: 'Browser access is disabled for this organization',
    });
    expect(shown.message).toContain('Browser access is disabled for this organization');
  });

  it('404: the model was not found; choose another', async () => {
    const shown = await failure({ kind: 'error', status: 404, type: 'not_found_error', message: 'model: claude-nope' });
    expect(shown).toMatchObject({ kind: 'model', action: 'open-options' });
  });

  it('429 and 529: wait and ask again', async () => {
    expect((await failure({ kind: 'error', status: 429, type: 'rate_limit_error', message: 'slow down' })).kind).toBe(
      'rate-limit',
    );
    expect((await failure({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' })).message).toMatch(
      /overloaded/,
    );
  });

  it('an error in the middle of a stream: the answer broke off', async () => {
    const shown = await failure({ kind: 'stream-error', afterText: '{"no_inf', type: 'overloaded_error', message: 'Overloaded' });
    expect(shown.kind).toBe('stream');
  });

  it('a server that cannot be reached: check the connection or the base URL', async () => {
    const dead = claudeCall({ ...settings(), baseURL: 'http://127.0.0.1:9' }, ANSWER_REQUEST, {
      retryPolicy: { retries: 1, capMs: 10, baseMs: 1 },
    });
    const shown = describeError(await dead(messages).catch((e: unknown) => e));
    expect(shown).toMatchObject({ kind: 'offline', action: 'open-options' });
  });

  it('never throws, whatever it is given', () => {
    expect(describeError('a string').message).toMatch(/a string/);
    expect(describeError(undefined).kind).toBe('unexpected');
  });
});

describe('a redirect from the API address', () => {
  it('is refused, never followed with the key, not retried, and named in the error', async () => {
    // An address that redirects every request to the stand-in, as a misconfigured proxy might.
    const hops: string[] = [];
    const redirector = createServer((req, res) => {
      hops.push(`${req.method} ${req.url} key=${req.headers['x-api-key'] ?? 'none'}`);
      res.writeHead(307, { location: `${api.url}${req.url}` }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    try {
      const { port } = redirector.address() as AddressInfo;
      api.enqueue({ kind: 'json', value: { no_information: true, claims: [] } });
      const call = claudeCall({ ...settings(), baseURL: `http://127.0.0.1:${port}` }, ANSWER_REQUEST, {
        retryPolicy: { retries: 2, capMs: 1, baseMs: 1 },
      });
      const shown = describeError(await call(messages).catch((e: unknown) => e));
      expect(shown).toMatchObject({ kind: 'redirect', action: 'open-options' });
      expect(shown.message).toContain(`redirect to ${api.url}/v1/messages`);
      expect(shown.message).toMatch(/never sent on to another address/);
      // One request to the redirecting address, none to where it pointed, no retry.
      expect(hops).toHaveLength(1);
      expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    } finally {
      await new Promise((r) => redirector.close(r));
    }
  });
});

describe('describeError for a hung server', () => {
  it('a server that never answers: a timeout, after the bounded retries', async () => {
    api.enqueue({ kind: 'hang' }, { kind: 'hang' });
    const err = await claudeCall(settings(), ANSWER_REQUEST, {
      timeoutMs: 200,
      retryPolicy: { retries: 1, capMs: 1, baseMs: 1 },
    })(messages).catch((e: unknown) => e);
    expect(describeError(err)).toMatchObject({ kind: 'timeout', action: 'ask-again' });
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});

describe('describeError for broken streams', () => {
  it('a stream cut before its end: the connection broke, ask again', async () => {
    api.enqueue({ kind: 'stream-cut', afterText: '{"no_information": fa' });
    const err = await claudeCall(settings(), ANSWER_REQUEST, { retryPolicy: { retries: 0, capMs: 1, baseMs: 1 } })(
      messages,
    ).catch((e: unknown) => e);
    expect(describeError(err)).toMatchObject({ kind: 'stream', action: 'ask-again' });
  });
});
