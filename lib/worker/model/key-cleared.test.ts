/** The worker asks the one rule before a question goes out: where the key goes, or why nothing does. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/shared/settings';
import { KeyOriginError } from './errors';
import { keyCleared } from './key-cleared';

const KEY = 'sk-ant-secret';

describe('keyCleared', () => {
  it('sends the key to the API origin it was confirmed for', () => {
    const s = keyCleared({ ...DEFAULT_SETTINGS, apiKey: KEY, keyOrigin: 'https://api.anthropic.com' });
    expect(s.apiKey).toBe(KEY);
  });

  it('asks a local preset without the key, even at the loopback origin the key was confirmed for', () => {
    const at = 'http://127.0.0.1:11434';
    const s = keyCleared({ ...DEFAULT_SETTINGS, server: 'ollama', baseURL: at, apiKey: KEY, keyOrigin: at });
    expect(s.apiKey).toBe('');
    // And a key confirmed for the API is not a reason to refuse the local server.
    expect(
      keyCleared({ ...DEFAULT_SETTINGS, server: 'ollama', baseURL: at, apiKey: KEY, keyOrigin: 'https://api.anthropic.com' })
        .apiKey,
    ).toBe('');
  });

  it('refuses to send the key to an origin it was not confirmed for', () => {
    expect(() =>
      keyCleared({
        ...DEFAULT_SETTINGS,
        server: 'other',
        baseURL: 'https://proxy.example',
        apiKey: KEY,
        keyOrigin: 'https://api.anthropic.com',
      }),
    ).toThrow(KeyOriginError);
  });
});
