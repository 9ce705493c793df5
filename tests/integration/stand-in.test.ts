// The stand-in is only worth something if the real SDK accepts it as the API: drive it through it.
import Anthropic, {
  AnthropicError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type { TextBlock, TextCitation } from '@anthropic-ai/sdk/resources/messages';
import * as z from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMessagesApi, type MessagesApi } from '../support/stand-in/messages-api';

const MODEL = 'claude-sonnet-5-5';
const ask = { model: MODEL, max_tokens: 1024, messages: [{ role: 'user' as const, content: 'Hi?' }] };

let api: MessagesApi;
let client: Anthropic;

beforeAll(async () => {
  api = await startMessagesApi();
  client = new Anthropic({ apiKey: 'test-key', baseURL: api.url, maxRetries: 0 });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

function textOf(content: Array<{ type: string }>): string {
  return content.flatMap((b) => (b.type === 'text' ? [(b as TextBlock).text] : [])).join('');
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('answers', () => {
  const text = 'Paris is the capital of France, and 🇫🇷 is its flag. It has many museums.';

  it('answers a non-streaming request as JSON', async () => {
    api.enqueue({ kind: 'text', text });
    const message = await client.messages.create(ask);
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: MODEL,
      stop_reason: 'end_turn',
      stop_sequence: null,
      content: [{ type: 'text', text, citations: null }],
    });
    expect(message.id).toMatch(/^msg_/);
    expect(message._request_id).toMatch(/^req_/);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    expect(message.usage.cache_read_input_tokens).toBe(0);
  });

  it('streams the same text, and finalMessage has the stop reason and usage', async () => {
    api.enqueue({ kind: 'text', text, stopReason: 'max_tokens', usage: { cache_read_input_tokens: 42 } });
    const stream = client.messages.stream(ask);
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(text);
    expect(textOf(message.content)).toBe(text);
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.model).toBe(MODEL);
    expect(message.usage.output_tokens).toBeGreaterThan(1);
    expect(message.usage.cache_read_input_tokens).toBe(42);
    expect(api.requests[0]?.body.stream).toBe(true);
  });

  it('frames the SSE stream as the API does, ping included', async () => {
    api.enqueue({ kind: 'text', text: 'one two three four five six seven' });
    const response = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ ...ask, stream: true }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = (await response.text()).trim().split('\n\n');
    const events = frames.map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      const data = JSON.parse(dataLine!.slice('data: '.length));
      expect(eventLine).toBe(`event: ${data.type}`);
      return data;
    });
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events[0].message).toMatchObject({ content: [], stop_reason: null, model: MODEL });
    expect(events[1].content_block).toEqual({ type: 'text', text: '', citations: null });
    expect(events[7].delta).toMatchObject({ stop_reason: 'end_turn', stop_sequence: null });
  });

  it('records a structured-output request with its schema, and answers JSON the SDK parses', async () => {
    const schema = z.object({ answer: z.string().min(1), confidence: z.number() });
    api.enqueue({ kind: 'json', value: { answer: 'Paris', confidence: 0.9 } });
    const message = await client.messages.parse({ ...ask, output_config: { format: zodOutputFormat(schema) } });
    expect(message.parsed_output).toEqual({ answer: 'Paris', confidence: 0.9 });
    const format = api.requests[0]?.body.output_config.format;
    expect(format.type).toBe('json_schema');
    expect(format.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['answer', 'confidence'],
    });
    expect(format.parse).toBeUndefined();
  });

  it('streams a JSON answer in pieces that the SDK parses at the end', async () => {
    const schema = z.object({ answer: z.string(), quotes: z.array(z.string()) });
    const value = { answer: 'Paris', quotes: ['Paris is the capital of France.', 'Le 🇫🇷.'] };
    api.enqueue({ kind: 'json', value });
    const stream = client.messages.stream({ ...ask, output_config: { format: zodOutputFormat(schema) } });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(2);
    expect(message.parsed_output).toEqual(value);
  });

  it('explains a refusal', async () => {
    api.enqueue({ kind: 'text', text: '', stopReason: 'refusal' });
    const message = await client.messages.stream(ask).finalMessage();
    expect(message.stop_reason).toBe('refusal');
    expect(message.stop_details).toMatchObject({ type: 'refusal' });
  });

  it('counts tokens', async () => {
    const count = await client.messages.countTokens({ model: MODEL, messages: ask.messages });
    expect(count.input_tokens).toBeGreaterThan(0);
    expect(api.requests[0]?.path).toBe('/v1/messages/count_tokens');
  });
});

describe('native citations', () => {
  const citation: TextCitation = {
    type: 'char_location',
    cited_text: 'The sky is blue.',
    document_index: 0,
    document_title: 'Sky',
    start_char_index: 0,
    end_char_index: 16,
    file_id: null,
  };
  const reply = {
    kind: 'native-citations' as const,
    blocks: [
      { text: 'According to the page, ' },
      { text: 'the sky is blue', citations: [citation] },
      {
        text: ' and the grass green.',
        citations: [
          {
            type: 'content_block_location' as const,
            cited_text: 'Grass is green.',
            document_index: 1,
            start_block_index: 2,
            end_block_index: 3,
          },
        ],
      },
    ],
  };

  it('returns text blocks with citations', async () => {
    api.enqueue(reply);
    const message = await client.messages.create(ask);
    expect(message.content).toEqual([
      { type: 'text', text: 'According to the page, ', citations: null },
      { type: 'text', text: 'the sky is blue', citations: [citation] },
      {
        type: 'text',
        text: ' and the grass green.',
        citations: [
          {
            type: 'content_block_location',
            cited_text: 'Grass is green.',
            document_index: 1,
            document_title: null,
            start_block_index: 2,
            end_block_index: 3,
            file_id: null,
          },
        ],
      },
    ]);
  });

  it('streams them as citations_delta events', async () => {
    api.enqueue(reply);
    const stream = client.messages.stream(ask);
    const seen: TextCitation[] = [];
    stream.on('citation', (c) => seen.push(c));
    const message = await stream.finalMessage();
    expect(seen.map((c) => c.cited_text)).toEqual(['The sky is blue.', 'Grass is green.']);
    const streamed = message.content as TextBlock[];
    expect(streamed.map((b) => b.text)).toEqual(reply.blocks.map((b) => b.text));
    expect(streamed[1]?.citations).toEqual([citation]);
  });
});

describe('errors', () => {
  it.each([
    [400, 'invalid_request_error', BadRequestError],
    [401, 'authentication_error', AuthenticationError],
    [403, 'permission_error', PermissionDeniedError],
    [429, 'rate_limit_error', RateLimitError],
    [500, 'api_error', InternalServerError],
    [529, 'overloaded_error', OverloadedError],
  ])('maps %i %s to the SDK error class', async (status, type, ErrorClass) => {
    api.enqueue({ kind: 'error', status, type, message: `boom ${status}` });
    const error = await rejection(client.messages.create(ask));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ status, type, apiMessage: `boom ${status}` });
    expect((error as APIError).requestID).toMatch(/^req_/);
  });

  it('does not retry by default, even with retries on', async () => {
    const retrying = client.withOptions({ maxRetries: 2 });
    api.enqueue({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    await expect(retrying.messages.create(ask)).rejects.toBeInstanceOf(OverloadedError);
    expect(api.requests).toHaveLength(1);
  });

  it('honours retry-after-ms when the SDK may retry', async () => {
    const retrying = client.withOptions({ maxRetries: 1 });
    api.enqueue(
      { kind: 'error', status: 429, type: 'rate_limit_error', message: 'slow down', headers: { 'retry-after-ms': '150' } },
      { kind: 'text', text: 'done' },
    );
    const started = Date.now();
    const message = await retrying.messages.create(ask);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(textOf(message.content)).toBe('done');
    expect(api.requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('surfaces an error event mid-stream as a plain APIError', async () => {
    api.enqueue({ kind: 'stream-error', afterText: 'Partial answer' });
    const stream = client.messages.stream(ask);
    const deltas: string[] = [];
    stream.on('text', (d) => deltas.push(d));
    const error = await rejection(stream.finalMessage());
    expect(error).toBeInstanceOf(APIError);
    expect(error).not.toBeInstanceOf(OverloadedError);
    expect(error).toMatchObject({ status: undefined, type: 'overloaded_error', apiMessage: 'Overloaded' });
    expect(deltas.join('')).toBe('Partial answer');
  });

  it('rejects a stream cut before message_stop', async () => {
    api.enqueue({ kind: 'stream-cut', afterText: 'Half of' });
    const error = await rejection(client.messages.stream(ask).finalMessage());
    expect(error).toBeInstanceOf(AnthropicError);
  });

  it('times out on a request that hangs', async () => {
    api.enqueue({ kind: 'hang' });
    const impatient = client.withOptions({ timeout: 200 });
    await expect(impatient.messages.create(ask)).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('fails loudly when no reply is scripted', async () => {
    const error = await rejection(client.messages.create(ask));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 500, type: 'api_error', apiMessage: 'stand-in: no reply scripted' });
  });

  it('selects the SDK class that an error_code names', async () => {
    api.enqueue({
      kind: 'error',
      status: 429,
      type: 'rate_limit_error',
      message: 'Spend limit reached',
      details: { error_code: 'enforced_spend_limit_reached' },
    });
    const error = await rejection(client.messages.create(ask));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ errorCode: 'enforced_spend_limit_reached' });
    expect((error as Error).constructor.name).toBe('EnforcedSpendLimitReachedError');
  });
});

describe('validation, like the API', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it.each(['model', 'max_tokens', 'messages'])('rejects a request without %s', async (field) => {
    api.enqueue({ kind: 'text', text: 'unused' });
    const response = await post({ ...ask, [field]: undefined });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: `${field}: Field required` },
      request_id: expect.stringMatching(/^req_/),
    });
    // A rejected request never reaches the model, so the scripted reply waits for the next one.
    await expect(client.messages.create(ask)).resolves.toMatchObject({ content: [{ text: 'unused' }] });
  });

  it('rejects a request without a key', async () => {
    const response = await fetch(`${api.url}/v1/messages`, {
      method: 'POST',
      headers: { 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify(ask),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: 'authentication_error' } });
  });

  it('rejects a browser request without the direct-browser-access opt-in, with no CORS header', async () => {
    const browserish = client.withOptions({ defaultHeaders: { origin: 'chrome-extension://abcdef' } });
    const error = await rejection(browserish.messages.create(ask));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as APIError).apiMessage).toMatch(/anthropic-dangerous-direct-browser-access/);
    expect((error as APIError).headers?.get('access-control-allow-origin')).toBeNull();
  });

  it('accepts a browser request that opts in, with CORS headers', async () => {
    const browser = new Anthropic({
      apiKey: 'test-key',
      baseURL: api.url,
      maxRetries: 0,
      dangerouslyAllowBrowser: true,
      defaultHeaders: { origin: 'chrome-extension://abcdef' },
    });
    api.enqueue({ kind: 'text', text: 'hello' });
    const { data, response } = await browser.messages.create(ask).withResponse();
    expect(textOf(data.content)).toBe('hello');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(api.requests[0]?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  });

  it('answers a CORS preflight', async () => {
    const response = await fetch(`${api.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'chrome-extension://abcdef',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'anthropic-version,authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('refuses citations combined with structured output', async () => {
    api.enqueue({ kind: 'text', text: 'unused' });
    const error = await rejection(
      client.messages.create({
        ...ask,
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'document',
                source: { type: 'text', media_type: 'text/plain', data: 'The sky is blue.' },
                citations: { enabled: true },
              },
              { type: 'text', text: 'What colour is the sky?' },
            ],
          },
        ],
        output_config: { format: zodOutputFormat(z.object({ colour: z.string() })) },
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as APIError).type).toBe('invalid_request_error');
  });

  it('answers 404 in the API shape for an unknown path', async () => {
    const response = await fetch(`${api.url}/v1/nothing`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});

describe('recording', () => {
  it('records each request with its headers and body, in order', async () => {
    api.enqueue({ kind: 'text', text: 'a' }, { kind: 'text', text: 'b' });
    await client.messages.create({ ...ask, system: 'Be brief.' });
    await client.messages.stream(ask).finalMessage();
    expect(api.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/messages'],
      ['POST', '/v1/messages'],
    ]);
    const [first, second] = api.requests;
    expect(first?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // This SDK sends the API key as a bearer token, not as x-api-key.
    expect(first?.headers['authorization'] ?? first?.headers['x-api-key']).toMatch(/test-key/);
    expect(first?.body).toMatchObject({ model: MODEL, system: 'Be brief.', messages: ask.messages });
    expect(second?.body.stream).toBe(true);
  });

  it('serves scripted replies first in, first out, and reset() forgets them', async () => {
    api.enqueue({ kind: 'text', text: 'first' }, { kind: 'text', text: 'second' });
    expect(textOf((await client.messages.create(ask)).content)).toBe('first');
    api.reset();
    expect(api.requests).toHaveLength(0);
    await expect(client.messages.create(ask)).rejects.toBeInstanceOf(InternalServerError);
  });
});
