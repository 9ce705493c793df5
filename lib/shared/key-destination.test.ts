/** The one rule of where the key may go, case by case as a user meets them. */
import { describe, expect, it } from 'vitest';
import { keyFor, keyVerdict, originKeptFor } from './key-destination';
import { PRESETS } from './servers';

const KEY = 'sk-ant-secret';
const anthropic = { key: KEY, origin: 'https://api.anthropic.com' };

describe('where the key may go', () => {
  it('goes to the origin the user confirmed, whatever path the base URL has', () => {
    expect(keyFor({ server: 'anthropic', baseURL: 'https://api.anthropic.com' }, anthropic)).toBe(KEY);
    expect(keyFor({ server: 'other', baseURL: 'https://api.anthropic.com/v1/' }, anthropic)).toBe(KEY);
  });

  it('never goes to an address being typed, nor to any other origin', () => {
    for (const baseURL of [
      'h',
      'https://',
      'https://api.anthropic',
      'https://api.anthropic.co',
      'http://api.anthropic.com',
      'https://api.anthropic.com:8443',
      'https://evil.example',
    ])
      expect(keyVerdict({ server: 'other', baseURL }, anthropic), baseURL).toBe('unconfirmed');
  });

  it('never goes to a server on this computer, even one it was once confirmed for', () => {
    expect(keyVerdict({ server: 'ollama', baseURL: 'http://localhost:11434' }, anthropic)).toBe('local');
    const confirmedThere = { key: KEY, origin: 'http://localhost:11434' };
    for (const server of ['ollama', 'lmstudio', 'llamacpp'] as const)
      expect(keyFor({ server, baseURL: 'http://localhost:11434' }, confirmedThere)).toBe('');
  });

  it('goes to a local kind of server elsewhere than this computer only as to any address: once confirmed', () => {
    const remote = { server: 'ollama' as const, baseURL: 'https://ollama.example' };
    expect(keyVerdict(remote, anthropic)).toBe('unconfirmed');
    expect(keyFor(remote, { key: KEY, origin: 'https://ollama.example' })).toBe(KEY);
  });

  it('never goes in clear text over the network, even to an origin confirmed for it', () => {
    expect(keyFor({ server: 'other', baseURL: 'http://proxy.example' }, { key: KEY, origin: 'http://proxy.example' })).toBe('');
  });

  it('says when there is no key, and an unconfirmed one (a key moved from an old version) goes nowhere', () => {
    expect(keyVerdict({ server: 'anthropic', baseURL: 'https://api.anthropic.com' }, { key: '', origin: null })).toBe('none');
    expect(keyFor({ server: 'other', baseURL: 'https://proxy.example' }, { key: KEY, origin: '' })).toBe('');
  });
});

describe('the origin the key stays confirmed for', () => {
  it('moves to an address the user confirmed', () => {
    expect(originKeptFor({ server: 'other', baseURL: 'https://proxy.example/v1' }, anthropic, true)).toBe(
      'https://proxy.example',
    );
  });

  it('stays with the API when a server on this computer is saved, confirmed or not', () => {
    for (const confirmed of [true, false])
      expect(originKeptFor({ server: 'ollama', baseURL: 'http://localhost:11434' }, anthropic, confirmed)).toBe(anthropic.origin);
  });
});

describe('the providers that speak Chat Completions', () => {
  it('each gets a key only once it is confirmed for its own origin, never one confirmed for another', () => {
    for (const kind of ['openai', 'gemini', 'openrouter', 'groq', 'mistral'] as const) {
      const target = { server: kind, baseURL: PRESETS[kind].baseURL };
      expect(keyVerdict(target, anthropic), kind).toBe('unconfirmed');
      expect(keyFor(target, { key: KEY, origin: new URL(PRESETS[kind].baseURL).origin }), kind).toBe(KEY);
      // Confirming it for this preset keeps it for this origin, path aside.
      expect(originKeptFor(target, anthropic, true), kind).toBe(new URL(PRESETS[kind].baseURL).origin);
    }
    // Gemini's key is not OpenAI's: another origin, nothing sent.
    expect(
      keyVerdict(
        { server: 'openai', baseURL: PRESETS.openai.baseURL },
        { key: KEY, origin: 'https://generativelanguage.googleapis.com' },
      ),
    ).toBe('unconfirmed');
  });

  it('a server on this computer asked through Chat Completions still gets no key', () => {
    expect(
      keyVerdict({ server: 'lmstudio', baseURL: 'http://localhost:1234' }, { key: KEY, origin: 'http://localhost:1234' }),
    ).toBe('local');
    // Any OpenAI-compatible endpoint is an address like any other: confirmed, or nothing.
    expect(
      keyVerdict({ server: 'chat-other', baseURL: 'http://127.0.0.1:4000/v1' }, { key: KEY, origin: 'http://127.0.0.1:4000' }),
    ).toBe('send');
    expect(keyVerdict({ server: 'chat-other', baseURL: 'https://llm.corp.example/v1' }, anthropic)).toBe('unconfirmed');
  });
});
