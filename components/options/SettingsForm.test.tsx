// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/shared/store/settings';

// The storage package is not bundled by the test runner: it finds the browser as a global.
const { fakeBrowser } = await vi.hoisted(async () => {
  const m = await import('wxt/testing/fake-browser');
  (globalThis as { chrome?: unknown }).chrome = m.fakeBrowser;
  return m;
});
const { SettingsForm } = await import('./SettingsForm');

/** The options' settings form, typed into as a user types: a field emptied, then a value typed. */
let root: HTMLElement;
// The form lists the origins the browser granted (none here) and listens for more.
const none = () => {};
Object.assign(fakeBrowser.permissions, {
  getAll: () => Promise.resolve({ origins: [], permissions: [] }),
  onAdded: { addListener: none, removeListener: none },
  onRemoved: { addListener: none, removeListener: none },
});
beforeEach(() => {
  // No server answers in a unit test: the model lists find none.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.unstubAllGlobals();
});

function mount(initial: Partial<Settings> = {}, keys: SavedKeys = {}) {
  root = document.createElement('div');
  document.body.append(root);
  const onSave = vi.fn((_s: Settings, _keys: SavedKeys) => Promise.resolve());
  onKeysChange = vi.fn((_keys: SavedKeys) => Promise.resolve());
  render(<SettingsForm initial={{ ...DEFAULT_SETTINGS, ...initial, keys }} onSave={onSave} onKeysChange={onKeysChange} />, root);
  return onSave;
}
let onKeysChange: (keys: SavedKeys) => Promise<void>;
const flush = () => new Promise((r) => setTimeout(r, 0));
const field = (id: string) => root.querySelector<HTMLInputElement>(`#${id}`)!;
async function type(id: string, text: string) {
  const input = field(id);
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await flush();
}
async function save() {
  root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await flush();
  await flush();
}
const status = () => root.querySelector('[role="status"]')!.textContent;
/** What a screen reader says with the field: the text of the elements that describe it. */
const described = (id: string) =>
  (field(id).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((d) => root.querySelector(`#${d}`)?.textContent)
    .join(' ');

describe('SettingsForm number fields', () => {
  it('a field emptied stays empty, and the value typed after is the one saved', async () => {
    const onSave = mount();
    await type('fragment-budget', '');
    expect(field('fragment-budget').value).toBe('');
    await type('fragment-budget', '6000');
    expect(field('fragment-budget').value).toBe('6000');
    await save();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0].fragmentBudget).toBe(6000);
    expect(status()).toBe('Saved.');
  });

  it('a value out of range is said beside its field, naming the range, and nothing is saved until fixed', async () => {
    const onSave = mount();
    await type('fragment-budget', '86000');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    expect(field('fragment-budget').getAttribute('aria-invalid')).toBe('true');
    expect(described('fragment-budget')).toBe('Enter a whole number from 1,000 to 60,000.');
    expect(status()).toBe('Not saved: a field below needs a value within its range.');
    expect(document.activeElement).toBe(field('fragment-budget'));
    await type('fragment-budget', '60000');
    expect(described('fragment-budget')).toBe('');
    await save();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0].fragmentBudget).toBe(60000);
    expect(status()).toBe('Saved.');
  });

  it('an empty field is not saved as its old value: the range is asked for', async () => {
    const onSave = mount({ minQuoteLength: 20 });
    await type('min-quote', '');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    expect(described('min-quote')).toBe('Enter a whole number from 5 to 200.');
  });

  it("a server on this computer: its timeout's range is said too", async () => {
    const onSave = mount({ server: 'ollama', baseURL: 'http://localhost:11434' });
    await type('local-timeout', '10');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    expect(described('local-timeout')).toBe('Enter a whole number from 30 to 1,800.');
  });
});

describe('SettingsForm when the browser refuses the write', () => {
  it('says so beside Save instead of "Saved."', async () => {
    root = document.createElement('div');
    document.body.append(root);
    const refused = () => Promise.reject(new Error('QUOTA_BYTES quota exceeded'));
    render(
      <SettingsForm initial={{ ...DEFAULT_SETTINGS, keys: {} }} onSave={refused} onKeysChange={() => Promise.resolve()} />,
      root,
    );
    await save();
    expect(status()).toBe('Not saved: the browser refused to store it (QUOTA_BYTES quota exceeded).');
  });
});

describe('SettingsForm keeps a key per server', () => {
  const ANTHROPIC = 'https://api.anthropic.com';
  const OPENAI = 'https://api.openai.com';
  const choose = async (kind: string) => {
    const select = root.querySelector<HTMLSelectElement>('#server')!;
    select.value = kind;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await flush();
  };
  const click = async (name: string) => {
    const button = [...root.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
    if (!button) throw new Error(`no button ${name}`);
    button.click();
    await flush();
    await flush();
  };
  const listed = () => [...root.querySelectorAll('.saved-keys li span')].map((s) => s.textContent);

  it('switching to OpenAI and back shows each server’s own key, and saves each for its own origin', async () => {
    const onSave = mount({ apiKey: 'sk-ant-1' }, { [ANTHROPIC]: { key: 'sk-ant-1', confirmed: true } });
    expect(listed()).toEqual(['Key saved for api.anthropic.com']);
    await choose('openai');
    // The Anthropic key is not carried to OpenAI's address.
    expect(field('api-key').value).toBe('');
    await type('api-key', 'sk-proj-2');
    await save();
    // A first key for OpenAI: the user confirms its origin before anything is saved.
    expect(onSave).not.toHaveBeenCalled();
    expect(root.querySelector('[role="alertdialog"]')!.textContent).toContain('Send your API key to https://api.openai.com?');
    await click('Send my key to https://api.openai.com');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![1]).toEqual({
      [ANTHROPIC]: { key: 'sk-ant-1', confirmed: true },
      [OPENAI]: { key: 'sk-proj-2', confirmed: true },
    });
    expect(listed()).toEqual(['Key saved for api.anthropic.com', 'Key saved for api.openai.com']);
    // Back to Anthropic: its key is there, saved without a question, OpenAI's still kept.
    await choose('anthropic');
    expect(field('api-key').value).toBe('sk-ant-1');
    await save();
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave.mock.calls[1]![1]).toEqual(onSave.mock.calls[0]![1]);
    await choose('openai');
    expect(field('api-key').value).toBe('sk-proj-2');
  });

  it('a key typed, then another address typed, stays typed and asks before it goes there', async () => {
    const onSave = mount({ server: 'chat-other', baseURL: '', api: 'chat' }, { [OPENAI]: { key: 'sk-proj-2', confirmed: true } });
    await type('api-key', 'sk-corp-3');
    await type('base-url', 'https://llm.corp.example/v1');
    expect(field('api-key').value).toBe('sk-corp-3');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    await click('Do not send it');
    expect(status()).toBe('Not saved: no key goes to https://llm.corp.example until you confirm it.');
  });

  it('an address edited by hand keeps the key in the field, and Save asks before it goes there', async () => {
    const onSave = mount({ apiKey: 'sk-ant-1' }, { [ANTHROPIC]: { key: 'sk-ant-1', confirmed: true } });
    await type('base-url', 'https://proxy.example/v1');
    expect(field('api-key').value).toBe('sk-ant-1');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    expect(root.querySelector('[role="alertdialog"]')!.textContent).toContain(
      'Until now your key went only to https://api.anthropic.com.',
    );
    await click('Do not send it');
    expect(status()).toBe('Not saved: your key is still sent only to https://api.anthropic.com.');
    await save();
    await click('Send my key to https://proxy.example');
    // Kept for the new address too; the Anthropic API's stays its own.
    expect(onSave.mock.calls[0]![1]).toEqual({
      [ANTHROPIC]: { key: 'sk-ant-1', confirmed: true },
      'https://proxy.example': { key: 'sk-ant-1', confirmed: true },
    });
  });

  it('Remove takes one server’s key away, the others stay', async () => {
    mount(
      { apiKey: 'sk-ant-1' },
      { [ANTHROPIC]: { key: 'sk-ant-1', confirmed: true }, [OPENAI]: { key: 'sk-proj-2', confirmed: true } },
    );
    await click('Remove the key for api.anthropic.com');
    expect(onKeysChange).toHaveBeenCalledWith({ [OPENAI]: { key: 'sk-proj-2', confirmed: true } });
    expect(listed()).toEqual(['Key saved for api.openai.com']);
    expect(field('api-key').value).toBe('');
    expect(status()).toBe('The key for api.anthropic.com was removed.');
  });
});

describe('a key typed for one server (issue #44, LOW)', () => {
  it('is not sent to the model list of another server chosen after it', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      sent.push(JSON.stringify(init?.headers ?? {}));
      return Promise.reject(new TypeError('offline'));
    });
    mount({}, { 'https://api.openai.com': { key: 'sk-proj-saved', confirmed: true } });
    await flush();
    // Typed while Anthropic's API was chosen, then OpenAI chosen.
    await type('api-key', 'sk-ant-typed-for-anthropic');
    const server = root.querySelector<HTMLSelectElement>('#server')!;
    server.value = 'openai';
    server.dispatchEvent(new Event('change', { bubbles: true }));
    for (let i = 0; i < 5; i++) await flush();
    expect(sent.join('\n')).not.toContain('sk-ant-typed-for-anthropic');
    // Saved there, it waits for Save's question about that address, as any key new to it.
    await save();
    expect(root.querySelector('[role="alertdialog"]')?.textContent).toContain('Send your API key to https://api.openai.com?');
    expect(sent.join('\n')).not.toContain('sk-ant-typed-for-anthropic');
  });
});

describe('SettingsForm: choosing a server sets a model that server has', () => {
  // A build that cannot rewrite the Origin (as Firefox's): no permission is asked in these tests.
  beforeEach(() => {
    fakeBrowser.runtime.getManifest = () => ({ manifest_version: 3, name: 'Cited Tabs', version: '1', optional_permissions: [] });
  });
  const choose = async (kind: string) => {
    const select = root.querySelector<HTMLSelectElement>('#server')!;
    select.value = kind;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await flush();
  };
  const settle = async () => {
    for (let i = 0; i < 10; i++) await flush();
  };

  it('Ollama not answering: the model is left empty, and Save says so beside Model, saving nothing', async () => {
    const onSave = mount();
    await choose('ollama');
    await settle();
    expect(field('model').value).toBe('');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    expect(status()).toBe("Not saved: type a model, or choose one from the list of this server's models.");
    expect(field('model').getAttribute('aria-invalid')).toBe('true');
    await type('model', 'llama3.2:3b');
    await save();
    expect(onSave.mock.calls[0]![0]).toMatchObject({ server: 'ollama', model: 'llama3.2:3b' });
  });

  it('OpenAI chosen: its own model at once; back to Claude, Claude’s', async () => {
    mount();
    await choose('openai');
    expect(field('model').value).toBe('gpt-5-mini');
    await choose('anthropic');
    expect(field('model').value).toBe('claude-sonnet-5-5');
  });

  it('stepped through with the keyboard (each step a choice): an OpenAI-compatible endpoint keeps the model typed, not the empty one a server on this computer left', async () => {
    mount();
    await type('model', 'qwen3-32b-instruct');
    for (const kind of ['openai', 'mistral', 'ollama', 'lmstudio', 'llamacpp', 'other', 'chat-other']) await choose(kind);
    expect(field('model').value).toBe('qwen3-32b-instruct');
    // And the model saved, when none was typed: the key's destination is then asked at Save.
    render(null, root);
    mount({ model: 'my-gateway-model' });
    for (const kind of ['ollama', 'chat-other']) await choose(kind);
    expect(field('model').value).toBe('my-gateway-model');
  });
});

describe('SettingsForm: the expert settings behind "Advanced"', () => {
  const advanced = () => root.querySelector<HTMLDetailsElement>('details.advanced')!;

  it('closed as shipped, Save right after it; open when a setting differs from the default', async () => {
    mount();
    expect(advanced().open).toBe(false);
    expect(advanced().contains(field('fragment-budget'))).toBe(true);
    expect(advanced().contains(field('api-key'))).toBe(false);
    render(null, root);
    mount({ fragmentBudget: 6000 });
    expect(advanced().open).toBe(true);
  });

  it('opens when Save finds one of its numbers out of range, the field focused', async () => {
    const onSave = mount();
    await type('fragment-budget', '86000');
    await save();
    expect(onSave).not.toHaveBeenCalled();
    expect(advanced().open).toBe(true);
    expect(document.activeElement).toBe(field('fragment-budget'));
  });
});
