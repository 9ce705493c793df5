/** What a server says of itself, read from each answer it may give (fetch passed in). */
import { describe, expect, it } from 'vitest';
import { fetchWithoutRedirects } from './no-redirect';
import { honoursStructuredOutput, listModels, modelContext, type Fetch, type ProbeError } from './server-probe';

const answer =
  (status: number, body: unknown): Fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('listModels', () => {
  it('reads Ollama’s /api/tags and the OpenAI-style /v1/models', async () => {
    const asked: string[] = [];
    const tags: Fetch = async (url) => {
      asked.push(url);
      return new Response(JSON.stringify({ models: [{ name: 'qwen3:8b' }] }));
    };
    expect(await listModels(tags, 'http://localhost:11434', 'ollama')).toEqual(['qwen3:8b']);
    expect(asked).toEqual(['http://localhost:11434/api/tags']);
    expect(await listModels(answer(200, { data: [{ id: 'gemma-3-4b' }] }), 'http://localhost:8080', 'llamacpp')).toEqual([
      'gemma-3-4b',
    ]);
  });

  it('says why not: refused, unreachable, a key refused, another status', async () => {
    const why = (f: Fetch) => listModels(f, 'http://localhost:11434', 'ollama').catch((e: ProbeError) => e.why);
    expect(await why(answer(403, {}))).toBe('forbidden');
    expect(await why(answer(401, {}))).toBe('auth');
    expect(await why(answer(500, {}))).toBe('status');
    expect(await why(() => Promise.reject(new TypeError('Failed to fetch')))).toBe('unreachable');
  });

  it('never follows a redirect with the key: the no-redirect fetch stops it, and it is said as such', async () => {
    const sent: Array<RequestInit | undefined> = [];
    const redirecting = (async (_url: string, init?: RequestInit) => {
      sent.push(init);
      return new Response(null, { status: 307, headers: { location: 'https://elsewhere.example/v1/models' } });
    }) as typeof fetch;
    const why = await listModels(fetchWithoutRedirects(redirecting), 'https://api.anthropic.com', 'anthropic', 'sk-ant-k').catch(
      (e: ProbeError) => e.why,
    );
    expect(why).toBe('redirect');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.redirect).toBe('manual');
  });
});

describe('modelContext', () => {
  it('takes num_ctx when the model sets it, else the trained length capped at the local default', async () => {
    expect(await modelContext(answer(200, { parameters: 'num_ctx 16384\nstop "x"' }), 'http://l', 'm')).toBe(16384);
    expect(await modelContext(answer(200, { model_info: { 'qwen3.context_length': 40960 } }), 'http://l', 'm')).toBe(8192);
    expect(await modelContext(answer(200, { model_info: { 'phi.context_length': 4096 } }), 'http://l', 'm')).toBe(4096);
    expect(await modelContext(answer(200, {}), 'http://l', 'm')).toBeNull();
  });
});

describe('honoursStructuredOutput', () => {
  const reply = (text: string) => answer(200, { content: [{ type: 'text', text }] });
  it('is true only for the bare JSON asked for', async () => {
    expect(await honoursStructuredOutput(reply('{"ok": true}'), 'http://l', 'm')).toBe(true);
    expect(await honoursStructuredOutput(reply('Sure!\n```json\n{"ok": true}\n```'), 'http://l', 'm')).toBe(false);
    expect(await honoursStructuredOutput(reply('OK'), 'http://l', 'm')).toBe(false);
  });
});
