// The Chat Completions stand-in answers in OpenAI's documented shapes, read raw (no client of
// ours in between): what the transport is tested against must be what the API sends.
import { afterEach, describe, expect, it } from 'vitest';
import { startChatCompletionsApi, type ChatCompletionsApi } from '../support/stand-in/chat-completions-api';

let api: ChatCompletionsApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const post = (a: ChatCompletionsApi, body: unknown, key = 'sk-test') =>
  fetch(`${a.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });

describe('the Chat Completions stand-in', () => {
  it('streams chat.completion.chunk events, usage: null on each, a last chunk of usage with empty choices, then [DONE]', async () => {
    api = await startChatCompletionsApi();
    api.enqueue({ kind: 'json', value: { ok: true } });
    const res = await post(api, {
      model: 'gpt-stand-in',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = (await res.text()).split('\n\n').filter(Boolean);
    expect(frames.at(-1)).toBe('data: [DONE]');
    const chunks = frames.slice(0, -1).map((f) => JSON.parse(f.replace(/^data: /, '')));
    for (const c of chunks) expect(c).toMatchObject({ object: 'chat.completion.chunk', model: 'gpt-stand-in' });
    expect(chunks[0].choices[0]).toMatchObject({ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null });
    const usage = chunks.at(-1);
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
    });
    const body = chunks.slice(0, -1);
    expect(body.every((c) => c.usage === null)).toBe(true);
    expect(body.at(-1).choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    // No schema asked: nothing holds the model to bare JSON, and it writes prose around it.
    expect(body.map((c) => c.choices[0].delta.content ?? '').join('')).toMatch(
      /^Sure![\s\S]*```json\n\{\n {2}"ok": true\n\}\n```/,
    );
  });

  it('sends no usage chunk without include_usage, and refuses stream_options without stream', async () => {
    api = await startChatCompletionsApi();
    api.enqueue({ kind: 'text', text: 'hello' });
    const frames = (
      await (await post(api, { model: 'gpt-stand-in', messages: [{ role: 'user', content: 'hi' }], stream: true })).text()
    )
      .split('\n\n')
      .filter((f) => f.startsWith('data: {'))
      .map((f) => JSON.parse(f.slice(6)));
    expect(frames.every((c) => !('usage' in c))).toBe(true);
    const bad = await post(api, {
      model: 'gpt-stand-in',
      messages: [{ role: 'user', content: 'hi' }],
      stream_options: { include_usage: true },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        message: expect.stringContaining('stream_options'),
        type: 'invalid_request_error',
        param: 'stream_options',
        code: null,
      },
    });
  });

  it('answers errors as {error: {message, type, param, code}}, a 429 with retry-after, and its models as a list', async () => {
    api = await startChatCompletionsApi({ keys: ['sk-good'], models: ['gpt-a', 'gpt-b'] });
    const unauthorized = await post(api, { model: 'gpt-a', messages: [{ role: 'user', content: 'x' }] }, 'sk-bad-key');
    expect(unauthorized.status).toBe(401);
    expect((await unauthorized.json()).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      param: null,
    });
    const missing = await post(api, { model: 'gpt-z', messages: [{ role: 'user', content: 'x' }] }, 'sk-good');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('model_not_found');
    api.enqueue({
      kind: 'error',
      status: 429,
      type: 'requests',
      code: 'rate_limit_exceeded',
      message: 'slow down',
      headers: { 'retry-after': '3' },
    });
    const limited = await post(api, { model: 'gpt-a', messages: [{ role: 'user', content: 'x' }] }, 'sk-good');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    const models = await (await fetch(`${api.url}/models`, { headers: { authorization: 'Bearer sk-good' } })).json();
    expect(models).toEqual({
      object: 'list',
      data: [
        { id: 'gpt-a', object: 'model', created: expect.any(Number), owned_by: 'system' },
        { id: 'gpt-b', object: 'model', created: expect.any(Number), owned_by: 'system' },
      ],
    });
  });

  it('in strict mode refuses a schema whose objects are open, as OpenAI does', async () => {
    api = await startChatCompletionsApi();
    const res = await post(api, {
      model: 'gpt-stand-in',
      messages: [{ role: 'user', content: 'x' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'r',
          strict: true,
          schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        },
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'invalid_json_schema', param: 'response_format' });
  });
});
