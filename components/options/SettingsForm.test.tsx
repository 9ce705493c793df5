// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/shared/settings';

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

function mount(initial: Partial<Settings> = {}) {
  root = document.createElement('div');
  document.body.append(root);
  const onSave = vi.fn((_s: Settings, _origin: string) => Promise.resolve());
  render(<SettingsForm initial={{ ...DEFAULT_SETTINGS, ...initial, keyOrigin: null }} onSave={onSave} />, root);
  return onSave;
}
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
    render(<SettingsForm initial={{ ...DEFAULT_SETTINGS, keyOrigin: null }} onSave={refused} />, root);
    await save();
    expect(status()).toBe('Not saved: the browser refused to store it (QUOTA_BYTES quota exceeded).');
  });
});
