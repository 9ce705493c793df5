import { useState } from 'preact/hooks';
import { type Settings, clampBudget, DEFAULT_FRAGMENT_BUDGET, MAX_FRAGMENT_BUDGET, MIN_FRAGMENT_BUDGET } from '@/lib/shared/settings';

export interface SettingsFormProps {
  initial: Settings;
  onSave: (settings: Settings) => Promise<void>;
}

/** The extension's settings; nothing is stored until Save. */
export function SettingsForm({ initial, onSave }: SettingsFormProps) {
  const [draft, setDraft] = useState(initial);
  const [status, setStatus] = useState('');
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setDraft({ ...draft, [key]: value });
    setStatus('');
  };
  const baseUrlValid = /^https?:\/\/[^\s]+$/.test(draft.baseURL.trim());
  return (
    <form
      class="settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (!baseUrlValid) {
          setStatus('The API base URL must start with http:// or https://.');
          return;
        }
        const cleaned = {
          ...draft,
          apiKey: draft.apiKey.trim(),
          model: draft.model.trim(),
          judgeModel: draft.judgeModel.trim(),
          baseURL: draft.baseURL.trim().replace(/\/+$/, ''),
          fragmentBudget: clampBudget(draft.fragmentBudget),
        };
        void onSave(cleaned).then(() => setStatus('Saved.'));
      }}
    >
      <label for="api-key">API key</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={draft.apiKey}
        onInput={(e) => set('apiKey', e.currentTarget.value)}
      />
      <p class="hint">Kept in this browser's extension storage; sent only to the API base URL below.</p>
      <label for="model">Model</label>
      <input id="model" value={draft.model} onInput={(e) => set('model', e.currentTarget.value)} />
      <label for="base-url">API base URL</label>
      <input id="base-url" type="url" value={draft.baseURL} onInput={(e) => set('baseURL', e.currentTarget.value)} />
      <p class="hint">Any server that speaks the Anthropic Messages API.</p>
      <label for="min-quote">Minimum quote length</label>
      <input
        id="min-quote"
        type="number"
        min={5}
        max={200}
        value={draft.minQuoteLength}
        onInput={(e) => set('minQuoteLength', Number(e.currentTarget.value) || draft.minQuoteLength)}
      />
      <p class="hint">Shorter quotes prove too little: a citation must quote at least this many characters.</p>
      <label class="check">
        <input
          type="checkbox"
          checked={draft.citationMode === 'native'}
          onChange={(e) => set('citationMode', e.currentTarget.checked ? 'native' : 'structured')}
        />
        Use the API’s native citations
      </label>
      <p class="hint">
        Claude cites whole sentences of the pages itself instead of copying quotes; every citation is still checked.
      </p>
      <label for="judge">Support check</label>
      <select id="judge" value={draft.judge} onChange={(e) => set('judge', e.currentTarget.value as Settings['judge'])}>
        <option value="off">Off</option>
        <option value="mark">Mark claims whose quotes do not support them</option>
        <option value="drop">Leave out claims whose quotes do not support them</option>
      </select>
      <label for="judge-model">Support check model</label>
      <input id="judge-model" value={draft.judgeModel} onInput={(e) => set('judgeModel', e.currentTarget.value)} />
      <p class="hint">A second, cheaper call that reads each claim with its quotes. Off by default.</p>
      <label for="fragment-budget">Passage budget (tokens)</label>
      <input
        id="fragment-budget"
        type="number"
        min={MIN_FRAGMENT_BUDGET}
        max={MAX_FRAGMENT_BUDGET}
        step={500}
        value={draft.fragmentBudget}
        onInput={(e) => set('fragmentBudget', Number(e.currentTarget.value) || draft.fragmentBudget)}
      />
      <p class="hint">
        How much of your pages a question may send: more passages can find more, and cost more. Default{' '}
        {DEFAULT_FRAGMENT_BUDGET.toLocaleString('en')}.
      </p>
      <label class="check">
        <input
          type="checkbox"
          checked={draft.reviewBeforeSending}
          onChange={(e) => set('reviewBeforeSending', e.currentTarget.checked)}
        />
        Review before sending
      </label>
      <p class="hint">Shows the passages and their sources before anything is sent, with Send and Cancel.</p>
      <button type="submit">Save</button>
      <p role="status" class="status">
        {status}
      </p>
    </form>
  );
}
