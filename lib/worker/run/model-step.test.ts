import { APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { FailureLogEntry, Outcome } from '@/lib/shared/answer/run';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/shared/store/settings';
import type { RunState } from '@/lib/shared/answer/run-state';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import type { AskInput } from '@/lib/worker/answer/ask-input';
import { ANSWER_REQUEST, JUDGE_REQUEST, NATIVE_ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import type { ModelRequest } from '@/lib/worker/model/call';
import { LocalServerError } from '@/lib/worker/model/local-errors';
import { nativePrompt } from '@/lib/worker/model/native-citations';
import type { ServerPlan } from '@/lib/worker/model/server-plan';
import { askModel, pipelineDeps, progressOptions, type ModelStepDeps, type Plan } from './model-step';

const passage = (id: string): SourcedPassage => ({
  id,
  text: `Passage ${id}.`,
  order: 0,
  tabId: 1,
  windowId: 1,
  frameId: 0,
  url: 'https://a.example/',
  title: 'A',
});
const plan: Plan = { passages: [passage('a'), passage('b')], budget: 4000 } as Plan;
const outcome = { kind: 'abstain' } as Outcome;
const settings: Settings = { ...DEFAULT_SETTINGS, apiKey: 'sk-test', judge: 'off' };
const api: ServerPlan = { answerPath: 'structured', onReplyShape: () => {}, local: null, provider: null };
const local: ServerPlan = {
  answerPath: 'prompt',
  onReplyShape: () => {},
  provider: null,
  local: {
    kind: 'ollama',
    origin: 'http://localhost:11434',
    model: 'qwen',
    timeoutS: 120,
    contextTokens: 8192,
    timeoutMs: 120_000,
    maxTokens: 1500,
  },
} as ServerPlan;
const tooLarge = () =>
  APIError.generate(
    400,
    { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long' } },
    undefined,
    new Headers(),
  );

/** The model step's effects, recorded; `answers` are what the pipeline gives, call by call. */
function effects(answers: Array<Outcome | Error>) {
  const asked: AskInput[] = [];
  const requests: ModelRequest[] = [];
  const reports: Partial<RunState>[] = [];
  const logs: FailureLogEntry[] = [];
  const replans: Plan[] = [];
  let clock = 0;
  const deps: ModelStepDeps & { tick(ms: number): void } = {
    makeCall: (_s, request) => {
      requests.push(request);
      return async () => ({ text: '', stopReason: 'end_turn' }) as never;
    },
    answer: async (input) => {
      asked.push(input);
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    },
    report: (p) => void reports.push(p),
    log: async (e) => void logs.push(e),
    halve: async (p) => ({ ...p, passages: p.passages.slice(0, 1), budget: p.budget / 2 }),
    replanned: async (p) => void replans.push(p),
    now: () => clock,
    signal: new AbortController().signal,
    tick: (ms) => (clock += ms),
  };
  return { deps, asked, requests, reports, logs, replans };
}

describe('askModel', () => {
  it('asks once with the plan when the request fits', async () => {
    const e = effects([outcome]);
    const { sent } = await askModel('Why?', plan, settings, api, 'tab', e.deps);
    expect(sent).toBe(plan);
    expect(e.asked.map((a) => a.passages.length)).toEqual([2]);
    expect(e.logs).toEqual([]);
  });

  it('asks again once with half the plan when the API finds the request too large, and logs why', async () => {
    const e = effects([tooLarge(), outcome]);
    const { sent } = await askModel('Why?', plan, settings, api, 'tab', e.deps);
    expect(e.asked.map((a) => a.passages.length)).toEqual([2, 1]);
    expect(sent.budget).toBe(2000);
    expect(e.replans).toEqual([sent]);
    expect(e.logs[0]!.detail).toMatch(/^too-large: asked again with half the budget$/);
  });

  it('does not retry any other failure', async () => {
    const e = effects([new Error('offline')]);
    await expect(askModel('Why?', plan, settings, api, 'tab', e.deps)).rejects.toThrow('offline');
    expect(e.asked).toHaveLength(1);
  });

  it("says a local server's failure with its fix", async () => {
    const e = effects([tooLarge(), tooLarge()]);
    await expect(askModel('Why?', plan, settings, local, 'tab', e.deps)).rejects.toBeInstanceOf(LocalServerError);
    expect(e.logs[0]!.detail).toContain('context of 8192 tokens');
  });
});

describe('a server asked through Chat Completions', () => {
  const chat = { ...api, provider: { name: 'Groq', model: 'openai/gpt-oss-120b' } } as ServerPlan;
  const groq: Settings = { ...settings, server: 'groq', api: 'chat', baseURL: 'https://api.groq.com/openai/v1' };

  it('never asks for native citations, which are the Messages API’s own', () => {
    const e = effects([]);
    expect(pipelineDeps({ ...groq, citationMode: 'native' }, chat, 'tab', e.deps).prompt).toBeUndefined();
    expect(e.requests).toEqual([ANSWER_REQUEST]);
  });

  it('says its failure in the provider’s terms', async () => {
    const e = effects([APIError.generate(401, { error: { message: 'Invalid API Key' } }, undefined, new Headers())]);
    await expect(askModel('Why?', plan, groq, chat, 'tab', e.deps)).rejects.toMatchObject({
      name: 'ProviderError',
      message: expect.stringMatching(/^Groq rejected the API key \(401\)/),
    });
  });
});

describe('pipelineDeps', () => {
  it('asks for structured output, and the judge only when it is on', () => {
    const off = effects([]);
    expect(pipelineDeps(settings, api, 'window', off.deps).judge).toBeUndefined();
    expect(off.requests).toEqual([ANSWER_REQUEST]);
    const on = effects([]);
    expect(pipelineDeps({ ...settings, judge: 'auto' }, api, 'window', on.deps).judge?.policy).toBe('mark');
    expect(on.requests).toEqual([ANSWER_REQUEST, JUDGE_REQUEST]);
  });

  it("uses the API's native citations when set, but not on a local server, and streams claims only with structured output", () => {
    const native = effects([]);
    const deps = pipelineDeps({ ...settings, citationMode: 'native' }, api, 'tab', native.deps);
    expect(native.requests).toEqual([NATIVE_ANSWER_REQUEST]);
    expect(deps.prompt).toBe(nativePrompt);
    expect(deps.onClaims).toBeUndefined();
    const onLocal = effects([]);
    expect(pipelineDeps({ ...settings, citationMode: 'native' }, local, 'tab', onLocal.deps).prompt).toBeUndefined();
  });

  it('reports "starting" while a local model loads, "asking" from the API', () => {
    const e = effects([]);
    pipelineDeps(settings, local, 'tab', e.deps).onStage!('asking');
    pipelineDeps(settings, api, 'tab', e.deps).onStage!('asking');
    expect(e.reports).toEqual([
      { stage: 'starting', received: 0 },
      { stage: 'asking', received: 0 },
    ]);
  });
});

describe('progressOptions', () => {
  it('reports the countdown before a retry, and the characters received at most every 300 ms', () => {
    const e = effects([]);
    const options = progressOptions(e.deps);
    e.deps.tick(1000);
    options.onWait!(5000, 1);
    options.onText!(10);
    e.deps.tick(100);
    options.onText!(20);
    e.deps.tick(300);
    options.onText!(30);
    expect(e.reports).toEqual([
      { stage: 'waiting', retryAt: 6000 },
      { stage: 'asking', received: 10 },
      { stage: 'asking', received: 30 },
    ]);
  });
});
