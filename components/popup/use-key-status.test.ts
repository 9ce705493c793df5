import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '@/lib/shared/store/settings';

// The storage module reads the extension API when it loads: the fake one is put in place first.
vi.stubGlobal('chrome', fakeBrowser);
vi.stubGlobal('browser', fakeBrowser);
const { keyStatusOf } = await import('./use-key-status');
const { hostOf } = await import('@/lib/shared/answer/site');

const settings = { ...DEFAULT_SETTINGS, keys: {} };

describe('whether the app can ask a model', () => {
  it('with a key, or with a server on this computer that needs none; never with a remote server and no key', () => {
    expect(keyStatusOf({ ...settings, apiKey: 'sk-ant-1' })).toEqual({ hasKey: true, apiHost: 'api.anthropic.com' });
    expect(keyStatusOf({ ...settings, apiKey: '' }).hasKey).toBe(false);
    expect(keyStatusOf({ ...settings, apiKey: '', server: 'ollama', baseURL: 'http://localhost:11434' })).toEqual({
      hasKey: true,
      apiHost: 'localhost:11434',
    });
    expect(keyStatusOf({ ...settings, apiKey: '', server: 'ollama', baseURL: 'https://ollama.example' }).hasKey).toBe(false);
  });

  it('names where the fragments would go by its host, or as written when it is no address', () => {
    expect(hostOf('https://api.anthropic.com/v1')).toBe('api.anthropic.com');
    expect(hostOf('not a url')).toBe('not a url');
  });
});
