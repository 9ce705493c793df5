/** A local server's failures said with their fix: its 403, a slow model, a context too small. */
import { APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { describeError } from './errors';
import { localFailure, type LocalContext } from './local-errors';

const apiError = (status: number, message: string) =>
  APIError.generate(status, { type: 'error', error: { type: 'invalid_request_error', message } }, undefined, new Headers());
const ctx = (kind: LocalContext['kind']): LocalContext => ({
  kind,
  origin: 'http://localhost:11434',
  model: 'llama3.2:3b',
  timeoutS: 300,
  contextTokens: 8192,
});
const said = (err: unknown, kind: LocalContext['kind'] = 'ollama', halved = false) =>
  describeError(localFailure(err, ctx(kind), halved));

describe('localFailure', () => {
  it('explains a 403 with the exact fix for each server', () => {
    const ollama = said(apiError(403, ''));
    expect(ollama.message).toContain('http://localhost:11434');
    expect(ollama.message).toContain('OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* ollama serve');
    expect(ollama.action).toBe('open-options');
    expect(said(apiError(403, ''), 'lmstudio').message).toContain('Enable CORS');
    expect(said(apiError(403, ''), 'llamacpp').message).toContain('--cors-origins');
    expect(said(apiError(403, ''), 'other').message).toContain('chrome-extension://* and moz-extension://*');
  });

  it('names the time limit of a model slow to answer, and offers to ask again', () => {
    const shown = said(new APIConnectionTimeoutError());
    expect(shown.message).toContain('300 seconds');
    expect(shown.action).toBe('ask-again');
  });

  it('names the model’s context when the halved request is still too large, not before', () => {
    const tooLong = apiError(400, 'prompt is too long: 9000 tokens > 8192');
    expect(localFailure(tooLong, ctx('ollama'), false)).toBeNull();
    expect(said(tooLong, 'ollama', true).message).toContain('llama3.2:3b (8192 tokens)');
  });

  it('leaves other failures to the usual words', () => {
    expect(localFailure(apiError(500, 'boom'), ctx('ollama'), false)).toBeNull();
  });
});
