/** The settings draft's rules without a browser: Save's cleaning, a change's model and key, the key kept elsewhere. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/shared/store/settings';
import { changeDraft, cleanSettings, keptElsewhere, serverTraits, TEXT_FIELDS } from './draft-rules';

const anthropic: Settings = { ...DEFAULT_SETTINGS, apiKey: 'sk-a' };
const keys = {
  'https://api.anthropic.com': { key: 'sk-a', confirmed: true },
  'https://proxy.example': { key: 'sk-p', confirmed: false },
};

describe('cleanSettings', () => {
  it('cleans each text field by the table, takes the numbers typed, and keeps the rest', () => {
    const draft = { ...anthropic, apiKey: ' sk-a ', model: ' m ', judgeModel: ' j\n', baseURL: ' https://proxy.example/v1// ' };
    const cleaned = cleanSettings(draft, { minQuoteLength: 30 }, false);
    expect(cleaned).toEqual({
      ...draft,
      apiKey: 'sk-a',
      model: 'm',
      judgeModel: 'j',
      baseURL: 'https://proxy.example/v1',
      minQuoteLength: 30,
    });
    expect(Object.keys(TEXT_FIELDS).sort()).toEqual(['apiKey', 'baseURL', 'judgeModel', 'model']);
  });

  it('sets the citation mode structured where the server has no native citations', () => {
    expect(cleanSettings({ ...anthropic, citationMode: 'native' }, {}, true).citationMode).toBe('structured');
    expect(cleanSettings({ ...anthropic, citationMode: 'native' }, {}, false).citationMode).toBe('native');
  });
});

describe('serverTraits', () => {
  it('says a server on this computer, or the chat API, has no native citations', () => {
    expect(serverTraits(anthropic)).toEqual({ local: false, noNative: false });
    expect(serverTraits({ ...anthropic, api: 'chat' })).toEqual({ local: false, noNative: true });
    expect(serverTraits({ ...anthropic, server: 'ollama', baseURL: ' http://localhost:11434 ' })).toEqual({
      local: true,
      noNative: true,
    });
  });
});

describe('changeDraft', () => {
  const memory = { ownModel: 'my-model', keyTyped: false };

  it('gives a chosen server its own model, or the user’s where it has none, and awaits its list', () => {
    const ollama = changeDraft(anthropic, { server: 'ollama', baseURL: 'http://localhost:11434' }, memory, keys);
    expect(ollama).toEqual({
      draft: { ...anthropic, server: 'ollama', baseURL: 'http://localhost:11434', model: '', apiKey: '' },
      picking: true,
    });
    const other = changeDraft(anthropic, { server: 'other', baseURL: 'https://proxy.example' }, memory, keys);
    expect(other.draft.model).toBe('my-model');
  });

  it('makes a model set the user’s own, and no longer awaits a list', () => {
    expect(changeDraft(anthropic, { model: 'm2' }, memory, keys)).toEqual({
      draft: { ...anthropic, model: 'm2' },
      picking: false,
      ownModel: 'm2',
    });
    expect(changeDraft(anthropic, { judge: 'off' }, memory, keys)).toEqual({ draft: { ...anthropic, judge: 'off' } });
  });

  it('shows another origin’s key; an address typed with none keeps the field, unless a key was typed', () => {
    expect(changeDraft(anthropic, { baseURL: 'https://proxy.example/v1' }, memory, keys).draft.apiKey).toBe('sk-p');
    expect(changeDraft(anthropic, { baseURL: 'https://new.example' }, memory, keys).draft.apiKey).toBe('sk-a');
    const typed = changeDraft(
      { ...anthropic, apiKey: 'typed' },
      { baseURL: 'https://proxy.example' },
      { ...memory, keyTyped: true },
      keys,
    );
    expect(typed.draft.apiKey).toBe('typed');
  });
});

describe('keptElsewhere', () => {
  it('names another origin where the very key is kept and confirmed', () => {
    const pending = { ...anthropic, baseURL: 'https://new.example' };
    expect(keptElsewhere(keys, pending, 'https://new.example')).toBe('https://api.anthropic.com');
    expect(keptElsewhere(keys, pending, 'https://api.anthropic.com')).toBe('');
    expect(keptElsewhere(keys, { ...pending, apiKey: 'sk-p' }, 'https://new.example')).toBe('');
  });
});
