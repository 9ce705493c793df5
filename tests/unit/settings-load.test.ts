/**
 * Settings are checked on load and the key moves out of `storage.local`: what an older version,
 * a bug or anything else left in storage cannot point the key at another server.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The storage package is not bundled by the test runner: it finds the browser as a global.
const { fakeBrowser } = await vi.hoisted(async () => {
  const m = await import('wxt/testing/fake-browser');
  (globalThis as { chrome?: unknown }).chrome = m.fakeBrowser;
  return m;
});

// IndexedDB is the browser's; here, a map in its place (the e2e tests use the real one).
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => () => Promise.resolve(),
  get: async (key: string) => idb.get(key),
  set: async (key: string, value: unknown) => void idb.set(key, value),
  del: async (key: string) => void idb.delete(key),
}));

const { loadSettings, saveSettings } = await import('@/lib/shared/store/storage');
const { DEFAULT_SETTINGS } = await import('@/lib/shared/store/settings');
const { baseUrlProblem } = await import('@/lib/shared/servers/base-url');
const { default: sample } = await import('@/lib/shared/store/samples/keys-v1.json');

const stored = async () => (await fakeBrowser.storage.local.get('settings')).settings as Record<string, unknown> | undefined;

beforeEach(() => {
  fakeBrowser.reset();
  idb.clear();
});

describe('loading settings', () => {
  it('moves a key an older version kept in storage.local into its own store, confirmed for the Anthropic API', async () => {
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, apiKey: 'sk-ant-old' } });
    const s = await loadSettings();
    const keys = { 'https://api.anthropic.com': { key: 'sk-ant-old', confirmed: true } };
    expect(s).toMatchObject({ apiKey: 'sk-ant-old', baseURL: 'https://api.anthropic.com', keys });
    expect(await stored()).not.toHaveProperty('apiKey');
    expect(idb.get('keys')).toEqual({ version: 2, byOrigin: keys });
    // Loaded again: the same, from the new place.
    expect(await loadSettings()).toMatchObject({ apiKey: 'sk-ant-old', keys });
  });

  it('a key an older version kept beside another base URL is moved but not confirmed for it: the user confirms first', async () => {
    // storage.local can be written by content scripts: the base URL beside the key proves nothing.
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, apiKey: 'sk-ant-old', baseURL: 'https://proxy.example/' },
    });
    const s = await loadSettings();
    expect(s).toMatchObject({
      apiKey: 'sk-ant-old',
      baseURL: 'https://proxy.example',
      keys: { 'https://proxy.example': { key: 'sk-ant-old', confirmed: false } },
    });
    expect(await stored()).not.toHaveProperty('apiKey');
  });

  it('drops a stored base URL the key may not go to, and the key is then not confirmed for where it points', async () => {
    await fakeBrowser.storage.local.set({ settings: { apiKey: 'sk-ant-old', baseURL: 'http://evil.example' } });
    const s = await loadSettings();
    expect(s.baseURL).toBe(DEFAULT_SETTINGS.baseURL);
    expect(s.keys).toEqual({ 'https://api.anthropic.com': { key: 'sk-ant-old', confirmed: false } });
  });

  it('falls back field by field, keeping the valid ones and fields it does not know', async () => {
    await fakeBrowser.storage.local.set({
      settings: { model: 'claude-opus-5', minQuoteLength: 'fifteen', judge: 'maybe', fragmentBudget: 1e12, later: 1 },
    });
    const s = await loadSettings();
    expect(s).toMatchObject({
      model: 'claude-opus-5',
      minQuoteLength: DEFAULT_SETTINGS.minQuoteLength,
      judge: DEFAULT_SETTINGS.judge,
      fragmentBudget: DEFAULT_SETTINGS.fragmentBudget,
      later: 1,
      apiKey: '',
      keys: {},
    });
    await fakeBrowser.storage.local.set({ settings: 'garbage' });
    expect(await loadSettings()).toMatchObject({ ...DEFAULT_SETTINGS, keys: {} });
  });

  it('saves the keys apart, each for its origin; the settings load the base URL’s own', async () => {
    const keys = {
      'https://proxy.example': { key: 'sk-ant-new', confirmed: true },
      'https://api.openai.com': { key: 'sk-proj-2', confirmed: true },
    };
    await saveSettings({ ...DEFAULT_SETTINGS, apiKey: 'sk-ant-new', baseURL: 'https://proxy.example/v' }, keys);
    expect(await stored()).not.toHaveProperty('apiKey');
    expect(await loadSettings()).toMatchObject({ apiKey: 'sk-ant-new', keys });
    await saveSettings(
      { ...DEFAULT_SETTINGS, server: 'openai', api: 'chat', baseURL: 'https://api.openai.com/v1', apiKey: '' },
      keys,
    );
    expect(await loadSettings()).toMatchObject({ apiKey: 'sk-proj-2', keys });
    await saveSettings({ ...DEFAULT_SETTINGS, apiKey: '' }, {});
    expect(await loadSettings()).toMatchObject({ apiKey: '', keys: {} });
  });

  it('moves the key record of version 1 (as today’s build stores it) to the keys by origin, once, losing nothing', async () => {
    for (const s of [sample.confirmed, sample.unconfirmed, sample.confirmedElsewhere]) {
      fakeBrowser.reset();
      idb.clear();
      await fakeBrowser.storage.local.set(s.storageLocal);
      idb.set('apiKey', s.idb.apiKey);
      const loaded = await loadSettings();
      expect(idb.has('apiKey')).toBe(false);
      const { key, origin } = s.idb.apiKey;
      const where = origin || new URL(s.storageLocal.settings.baseURL).origin;
      expect(loaded.keys).toEqual({ [where]: { key, confirmed: origin !== '' } });
      expect(idb.get('keys')).toEqual({ version: 2, byOrigin: loaded.keys });
      // Repeatable: loaded again, the same.
      expect((await loadSettings()).keys).toEqual(loaded.keys);
    }
  });

  it('a key saved since under the same origin wins over the record moved', async () => {
    idb.set('keys', { version: 2, byOrigin: { 'https://api.anthropic.com': { key: 'sk-ant-newer', confirmed: true } } });
    idb.set('apiKey', { key: 'sk-ant-older', origin: 'https://api.anthropic.com' });
    expect((await loadSettings()).apiKey).toBe('sk-ant-newer');
  });

  it('keys stored by a later version, or damaged, send nothing', async () => {
    idb.set('keys', { version: 3, byOrigin: { 'https://api.anthropic.com': { key: 'k', confirmed: true } } });
    expect((await loadSettings()).keys).toEqual({});
    idb.set('keys', { version: 2, byOrigin: { 'https://api.anthropic.com': { key: 'k', confirmed: 'yes' } } });
    expect((await loadSettings()).keys).toEqual({});
  });
});

describe('base URLs the key may go to', () => {
  it('https anywhere, http only to this machine', () => {
    expect(baseUrlProblem('https://api.anthropic.com')).toBeNull();
    expect(baseUrlProblem('http://localhost:8080')).toBeNull();
    expect(baseUrlProblem('http://127.0.0.1:9')).toBeNull();
    expect(baseUrlProblem('http://[::1]:9')).toBeNull();
    expect(baseUrlProblem('http://api.example.com')).toMatch(/https:\/\//);
    expect(baseUrlProblem('http://localhost.evil.example')).toMatch(/https:\/\//);
    expect(baseUrlProblem('https://user:pw@api.example.com')).toMatch(/user name/);
    expect(baseUrlProblem('ftp://api.example.com')).toMatch(/https:\/\//);
    expect(baseUrlProblem('not a url')).toMatch(/not a valid address/);
  });
});

describe('the API a server is asked through', () => {
  it('is the Messages API for settings of versions that knew no other (a local server among them)', async () => {
    const { api: _api, ...old } = DEFAULT_SETTINGS;
    await fakeBrowser.storage.local.set({ settings: { ...old, server: 'ollama', baseURL: 'http://localhost:11434' } });
    expect(await loadSettings()).toMatchObject({ server: 'ollama', api: 'messages' });
  });

  it('is a provider’s own whatever was stored, and the one chosen for a server on this computer', async () => {
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, server: 'groq', baseURL: 'https://api.groq.com/openai/v1', api: 'messages' },
    });
    expect(await loadSettings()).toMatchObject({ server: 'groq', api: 'chat' });
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, server: 'lmstudio', baseURL: 'http://localhost:1234', api: 'chat' },
    });
    expect(await loadSettings()).toMatchObject({ server: 'lmstudio', api: 'chat' });
    // A value no version wrote falls back alone; the rest of the settings stay.
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, model: 'claude-x', api: 'grpc' } });
    expect(await loadSettings()).toMatchObject({ server: 'anthropic', api: 'messages', model: 'claude-x' });
  });
});
