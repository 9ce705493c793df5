/**
 * What a server taught is remembered for it: a model that answered 400 to `response_format`
 * json_schema is asked its next question with the schema in the prompt straight away, at that
 * server (origin) and for that model only.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The storage package is not bundled by the test runner: it finds the browser as a global.
const { fakeBrowser } = await vi.hoisted(async () => {
  const m = await import('wxt/testing/fake-browser');
  (globalThis as { chrome?: unknown }).chrome = m.fakeBrowser;
  return m;
});
const { serverPlan } = await import('./server-plan');
const { serverFactsItem } = await import('@/lib/shared/store/storage');
const { DEFAULT_SETTINGS } = await import('@/lib/shared/store/settings');

const groq = { ...DEFAULT_SETTINGS, server: 'groq' as const, api: 'chat' as const, baseURL: 'https://api.groq.com/openai/v1' };
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => fakeBrowser.reset());

describe('a model that refused json_schema', () => {
  it('is asked with the schema in the prompt from the next question on; other models and servers are not', async () => {
    const first = await serverPlan({ ...groq, model: 'llama-3.1-8b-instant' });
    expect(first.answerPath).toBe('structured');
    first.onSchemaRefused!('llama-3.1-8b-instant');
    await settle();
    expect((await serverPlan({ ...groq, model: 'llama-3.1-8b-instant' })).answerPath).toBe('prompt');
    // Another model of the same server, and the same model at another server: as before.
    expect((await serverPlan({ ...groq, model: 'openai/gpt-oss-120b' })).answerPath).toBe('structured');
    const elsewhere = { ...groq, server: 'chat-other' as const, baseURL: 'https://llm.corp.example/v1' };
    expect((await serverPlan({ ...elsewhere, model: 'llama-3.1-8b-instant' })).answerPath).toBe('structured');
  });

  it('is remembered beside what else was learnt of the server, which stays', async () => {
    await serverFactsItem.setValue({ 'https://api.groq.com': { contexts: { a: 8192 }, modelPaths: { b: 'prompt' } } });
    (await serverPlan({ ...groq, model: 'c' })).onSchemaRefused!('c');
    await settle();
    expect((await serverFactsItem.getValue())['https://api.groq.com']).toEqual({
      contexts: { a: 8192 },
      modelPaths: { b: 'prompt', c: 'prompt' },
    });
  });
});
