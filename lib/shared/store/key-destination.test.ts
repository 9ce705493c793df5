/** The one rule of where each key may go, case by case as a user meets them. */
import { describe, expect, it } from 'vitest';
import { keyFor, keysAfterSave, keysWithTyped, keysWithout, keyVerdict } from './key-destination';
import type { SavedKeys } from './key-schema';
import { PRESETS } from '@/lib/shared/servers/servers';

const KEY = 'sk-ant-secret';
const OPENAI_KEY = 'sk-proj-openai';
const anthropic: SavedKeys = { 'https://api.anthropic.com': { key: KEY, confirmed: true } };
const both: SavedKeys = { ...anthropic, 'https://api.openai.com': { key: OPENAI_KEY, confirmed: true } };

describe('where a key may go', () => {
  it('goes to the origin it is kept for, whatever path the base URL has', () => {
    expect(keyFor({ server: 'anthropic', baseURL: 'https://api.anthropic.com' }, anthropic)).toBe(KEY);
    expect(keyFor({ server: 'other', baseURL: 'https://api.anthropic.com/v1/' }, anthropic)).toBe(KEY);
  });

  it('never goes to an address being typed, nor to any other origin: there is no key for it', () => {
    for (const baseURL of [
      'h',
      'https://',
      'https://api.anthropic',
      'https://api.anthropic.co',
      'http://api.anthropic.com',
      'https://api.anthropic.com:8443',
      'https://evil.example',
    ]) {
      expect(keyVerdict({ server: 'other', baseURL }, both), baseURL).toBe('none');
      expect(keyFor({ server: 'other', baseURL }, both), baseURL).toBe('');
    }
  });

  it('each server gets its own key and never another’s', () => {
    expect(keyFor({ server: 'openai', baseURL: PRESETS.openai.baseURL }, both)).toBe(OPENAI_KEY);
    expect(keyFor({ server: 'anthropic', baseURL: PRESETS.anthropic.baseURL }, both)).toBe(KEY);
    // OpenAI's key under Anthropic's preset name but OpenAI's address: OpenAI's, by origin.
    expect(keyFor({ server: 'anthropic', baseURL: 'https://api.openai.com/v1' }, both)).toBe(OPENAI_KEY);
    // Gemini has none: neither goes.
    expect(keyVerdict({ server: 'gemini', baseURL: PRESETS.gemini.baseURL }, both)).toBe('none');
  });

  it('never goes to a server on this computer, even one a key was once confirmed for', () => {
    const confirmedThere: SavedKeys = { 'http://localhost:11434': { key: KEY, confirmed: true } };
    for (const server of ['ollama', 'lmstudio', 'llamacpp'] as const) {
      expect(keyVerdict({ server, baseURL: 'http://localhost:11434' }, confirmedThere)).toBe('local');
      expect(keyFor({ server, baseURL: 'http://localhost:11434' }, confirmedThere)).toBe('');
    }
  });

  it('goes to a local kind of server elsewhere than this computer only as to any address: once confirmed', () => {
    const remote = { server: 'ollama' as const, baseURL: 'https://ollama.example' };
    expect(keyVerdict(remote, anthropic)).toBe('none');
    expect(keyVerdict(remote, { 'https://ollama.example': { key: KEY, confirmed: false } })).toBe('unconfirmed');
    expect(keyFor(remote, { 'https://ollama.example': { key: KEY, confirmed: true } })).toBe(KEY);
  });

  it('never goes in clear text over the network, even to an origin confirmed for it', () => {
    expect(
      keyFor({ server: 'other', baseURL: 'http://proxy.example' }, { 'http://proxy.example': { key: KEY, confirmed: true } }),
    ).toBe('');
  });

  it('an unconfirmed key (moved from an old version) goes nowhere, not even to its own origin', () => {
    const moved: SavedKeys = { 'https://proxy.example': { key: KEY, confirmed: false } };
    expect(keyVerdict({ server: 'other', baseURL: 'https://proxy.example' }, moved)).toBe('unconfirmed');
    expect(keyFor({ server: 'other', baseURL: 'https://proxy.example' }, moved)).toBe('');
    expect(keyVerdict({ server: 'anthropic', baseURL: 'https://api.anthropic.com' }, {})).toBe('none');
  });

  it('reads no key through an origin that is a property of every object', () => {
    expect(keyVerdict({ server: 'other', baseURL: 'https://constructor' }, anthropic)).toBe('none');
  });
});

describe('a key typed in the options, then saved', () => {
  const openai = { server: 'openai' as const, baseURL: 'https://api.openai.com/v1' };

  it('a first key for another provider waits for the user to confirm its origin, the others untouched', () => {
    const typed = keysWithTyped(openai, anthropic, OPENAI_KEY);
    expect(keyVerdict(openai, typed)).toBe('unconfirmed');
    const saved = keysAfterSave(openai, anthropic, OPENAI_KEY, true);
    expect(saved).toEqual(both);
    // Not confirmed (Cancel): nothing of it is confirmed.
    expect(keyVerdict(openai, keysAfterSave(openai, anthropic, OPENAI_KEY, false))).toBe('unconfirmed');
  });

  it('a first key for the Anthropic API, the default address, needs no question (as shipped)', () => {
    const target = { server: 'anthropic' as const, baseURL: 'https://api.anthropic.com' };
    expect(keyVerdict(target, keysWithTyped(target, {}, KEY))).toBe('send');
    expect(keysAfterSave(target, {}, KEY, false)).toEqual(anthropic);
  });

  it('a new key for an origin already confirmed replaces its key there, still confirmed', () => {
    expect(keysAfterSave(openai, both, 'sk-proj-new', false)['https://api.openai.com']).toEqual({
      key: 'sk-proj-new',
      confirmed: true,
    });
  });

  it('an empty field removes that origin’s key only; a server on this computer keeps none', () => {
    expect(keysAfterSave(openai, both, '', false)).toEqual(anthropic);
    expect(keysAfterSave({ server: 'ollama', baseURL: 'http://localhost:11434' }, both, KEY, true)).toEqual(both);
    expect(keysWithout(both, 'https://api.openai.com')).toEqual(anthropic);
  });

  it('confirming an address keeps the key for that origin only, path aside, never over clear text', () => {
    for (const kind of ['openai', 'gemini', 'openrouter', 'groq', 'mistral'] as const) {
      const target = { server: kind, baseURL: PRESETS[kind].baseURL };
      const saved = keysAfterSave(target, anthropic, OPENAI_KEY, true);
      expect(saved[new URL(PRESETS[kind].baseURL).origin], kind).toEqual({ key: OPENAI_KEY, confirmed: true });
      expect(keyFor({ server: 'anthropic', baseURL: 'https://api.anthropic.com' }, saved), kind).toBe(KEY);
    }
    const clear = keysAfterSave({ server: 'other', baseURL: 'http://proxy.example' }, {}, KEY, true);
    expect(keyVerdict({ server: 'other', baseURL: 'http://proxy.example' }, clear)).toBe('unconfirmed');
  });
});

describe('the providers that speak Chat Completions', () => {
  it('a server on this computer asked through Chat Completions still gets no key', () => {
    expect(
      keyVerdict(
        { server: 'lmstudio', baseURL: 'http://localhost:1234' },
        { 'http://localhost:1234': { key: KEY, confirmed: true } },
      ),
    ).toBe('local');
    // Any OpenAI-compatible endpoint is an address like any other: confirmed, or nothing.
    expect(
      keyVerdict(
        { server: 'chat-other', baseURL: 'http://127.0.0.1:4000/v1' },
        { 'http://127.0.0.1:4000': { key: KEY, confirmed: true } },
      ),
    ).toBe('send');
    expect(keyVerdict({ server: 'chat-other', baseURL: 'https://llm.corp.example/v1' }, anthropic)).toBe('none');
  });
});

describe('a key typed while another server was chosen (issue #44, LOW)', () => {
  const openai = { server: 'openai' as const, baseURL: PRESETS.openai.baseURL };
  it('does not take the confirmation of the server chosen after it: it goes nowhere until Save asks', () => {
    const typed = keysWithTyped(openai, both, 'sk-ant-typed', 'https://api.anthropic.com');
    expect(keyVerdict(openai, typed)).toBe('unconfirmed');
    expect(keyFor(openai, typed)).toBe('');
    // Typed for this very server, a new key takes its confirmation (a key rotated), as before.
    expect(keyFor(openai, keysWithTyped(openai, both, 'sk-proj-new', 'https://api.openai.com'))).toBe('sk-proj-new');
    // The same key as saved there stays confirmed wherever it was typed.
    expect(keyFor(openai, keysWithTyped(openai, both, OPENAI_KEY, 'https://api.anthropic.com'))).toBe(OPENAI_KEY);
  });
});
