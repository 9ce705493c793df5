// A local server's Messages endpoint through the real SDK and pipeline: no key, the JSON shape in
// the prompt, the fenced JSON it writes read and verified, its 403 and its model list.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claudeCall } from '@/lib/worker/model/claude';
import { ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { listModels, modelContext, honoursStructuredOutput } from '@/lib/shared/servers/server-probe';
import { startMessagesApi, type MessagesApi } from '../support/stand-in/messages-api';
import { passage } from '../support/passages';

let api: MessagesApi;
beforeAll(async () => {
  api = await startMessagesApi({ local: { kind: 'ollama', models: ['llama3.2:3b'], contextLength: 131072 } });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const local = () => ({ apiKey: '', model: 'llama3.2:3b', baseURL: api.url, answerPath: 'prompt' as const, maxTokens: 1500 });
const text = 'The library opens at noon on Sundays.';

describe('a local server that ignores output_config', () => {
  it('gets no key and the JSON shape in the prompt; its fenced reply is read and verified', async () => {
    api.enqueue({
      kind: 'json',
      value: { no_information: false, claims: [{ text: 'Noon.', citations: [{ index: 1, literal: text }] }] },
    });
    const outcome = await answerQuestion(
      { question: 'When does it open?', passages: [passage(text)], minLiteralLength: 15 },
      { callModel: claudeCall(local(), ANSWER_REQUEST), log: () => {}, now: Date.now },
    );
    expect(outcome).toMatchObject({ kind: 'answer', retried: false, claims: [{ text: 'Noon.' }] });
    const [req] = api.requests;
    expect(req!.headers['x-api-key']).toBeUndefined();
    expect(req!.headers.authorization).toBeUndefined();
    expect(req!.body.output_config).toBeUndefined();
    expect(req!.body.system).toContain('"no_information"');
    expect(req!.body.max_tokens).toBe(1500);
    // Its usage has no prompt-cache fields, and the tokens are still counted.
    expect(outcome.usage).toMatchObject({ cacheRead: 0, cacheWrite: 0, calls: 1 });
  });

  it('refuses an extension Origin with a bare 403, and takes its own or an allowed one', async () => {
    const post = (origin: string) =>
      fetch(`${api.url}/v1/messages`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{}' });
    expect((await post('chrome-extension://abcdefghijklmnop')).status).toBe(403);
    expect((await post('moz-extension://0b1c2d3e')).status).toBe(403);
    // Its own origin (what the extension's Origin rule sets) passes the check; the body is then judged.
    expect((await post(api.url)).status).toBe(400);
  });

  it('lists its models at /api/tags, reports a context, and does not honour structured output', async () => {
    expect(await listModels(fetch, api.url, 'ollama')).toEqual(['llama3.2:3b']);
    // No num_ctx set: the trained length, capped at the safe local default.
    expect(await modelContext(fetch, api.url, 'llama3.2:3b')).toBe(8192);
    api.enqueue({ kind: 'json', value: { ok: true } });
    expect(await honoursStructuredOutput(fetch, api.url, 'llama3.2:3b')).toBe(false);
  });
});

describe('the Anthropic stand-in, for contrast', () => {
  it('honours structured output in the Test connection probe', async () => {
    const anthropic = await startMessagesApi();
    try {
      anthropic.enqueue({ kind: 'json', value: { ok: true } });
      expect(await honoursStructuredOutput(fetch, anthropic.url, 'claude-sonnet-5-5', 'sk-ant-test')).toBe(true);
    } finally {
      await anthropic.close();
    }
  });
});
