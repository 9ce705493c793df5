/** The worker asks the one rule before a question goes out: where the key goes, or why nothing does. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/shared/store/settings';
import { KeyOriginError } from './errors';
import { keyCleared } from './key-cleared';

const KEY = 'sk-ant-secret';

describe('keyCleared', () => {
  it('sends the key kept for the base URL’s origin, once confirmed, and never another origin’s', () => {
    const keys = {
      'https://api.anthropic.com': { key: KEY, confirmed: true },
      'https://api.openai.com': { key: 'sk-proj-openai', confirmed: true },
    };
    expect(keyCleared({ ...DEFAULT_SETTINGS, apiKey: KEY, keys }).apiKey).toBe(KEY);
    const openai = { ...DEFAULT_SETTINGS, server: 'openai' as const, api: 'chat' as const, baseURL: 'https://api.openai.com/v1' };
    expect(keyCleared({ ...openai, apiKey: 'sk-proj-openai', keys }).apiKey).toBe('sk-proj-openai');
    // Whatever the settings' apiKey says, only the key kept for the origin goes.
    expect(keyCleared({ ...openai, apiKey: KEY, keys }).apiKey).toBe('sk-proj-openai');
    // Gemini has none kept: it is asked without one (the no-key search), not with another's.
    const gemini = {
      ...DEFAULT_SETTINGS,
      server: 'gemini' as const,
      baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai',
    };
    expect(keyCleared({ ...gemini, apiKey: KEY, keys }).apiKey).toBe('');
  });

  it('asks a local preset without the key, even at the loopback origin the key was confirmed for', () => {
    const at = 'http://127.0.0.1:11434';
    const s = keyCleared({
      ...DEFAULT_SETTINGS,
      server: 'ollama',
      baseURL: at,
      apiKey: KEY,
      keys: { [at]: { key: KEY, confirmed: true } },
    });
    expect(s.apiKey).toBe('');
    // And a key confirmed for the API is not a reason to refuse the local server.
    expect(
      keyCleared({
        ...DEFAULT_SETTINGS,
        server: 'ollama',
        baseURL: at,
        apiKey: '',
        keys: { 'https://api.anthropic.com': { key: KEY, confirmed: true } },
      }).apiKey,
    ).toBe('');
  });

  it('refuses to send a key kept for its origin but never confirmed there (moved from an older version)', () => {
    expect(() =>
      keyCleared({
        ...DEFAULT_SETTINGS,
        server: 'other',
        baseURL: 'https://proxy.example',
        apiKey: KEY,
        keys: { 'https://proxy.example': { key: KEY, confirmed: false } },
      }),
    ).toThrow(KeyOriginError);
  });
});
