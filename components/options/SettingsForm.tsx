import { useEffect, useRef, useState } from 'preact/hooks';
import { baseUrlProblem, originOf } from '@/lib/shared/api-key';
import {
  type Settings,
  clampBudget,
  DEFAULT_FRAGMENT_BUDGET,
  DEFAULT_SETTINGS,
  MAX_FRAGMENT_BUDGET,
  MIN_FRAGMENT_BUDGET,
} from '@/lib/shared/settings';

export interface SettingsFormProps {
  /** `keyOrigin`: where the user last confirmed the key may be sent (null: no key kept). */
  initial: Settings & { keyOrigin: string | null };
  onSave: (settings: Settings) => Promise<void>;
}

/**
 * The extension's settings; nothing is stored until Save. A key about to go to an API origin it
 * was not confirmed for (a changed base URL, or a first key for a server other than Anthropic's)
 * waits for the user's explicit confirmation.
 */
export function SettingsForm({ initial, onSave }: SettingsFormProps) {
  const { keyOrigin: initialOrigin, ...initialSettings } = initial;
  const [draft, setDraft] = useState<Settings>(initialSettings);
  const [status, setStatus] = useState('');
  const [keyOrigin, setKeyOrigin] = useState(initialOrigin ?? originOf(DEFAULT_SETTINGS.baseURL));
  const [pending, setPending] = useState<Settings | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  // The question about the key's destination takes the focus; answered (its buttons gone, the
  // focus with them), the focus goes back to Save.
  const asked = useRef(false);
  useEffect(() => {
    if (pending) confirmRef.current?.focus();
    else if (asked.current && (document.activeElement === null || document.activeElement === document.body))
      saveRef.current?.focus();
    asked.current = pending !== null;
  }, [pending]);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setDraft({ ...draft, [key]: value });
    setPending(null);
    setStatus('');
  };
  const save = (s: Settings) =>
    void onSave(s).then(() => {
      if (s.apiKey !== '') setKeyOrigin(originOf(s.baseURL));
      setPending(null);
      setStatus('Saved.');
    });
  const pendingOrigin = pending ? originOf(pending.baseURL) : '';
  return (
    <form
      class="settings"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = baseUrlProblem(draft.baseURL.trim());
        if (problem) {
          setStatus(problem);
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
        if (cleaned.apiKey !== '' && originOf(cleaned.baseURL) !== keyOrigin) {
          setPending(cleaned);
          setStatus('');
          return;
        }
        save(cleaned);
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
      <p class="hint">
        Kept in this browser, where only the extension's own pages can read it (not the pages you visit); sent only to the API
        base URL below, once you have confirmed it.
      </p>
      <label for="model">Model</label>
      <input id="model" value={draft.model} onInput={(e) => set('model', e.currentTarget.value)} />
      <label for="base-url">API base URL</label>
      <input id="base-url" type="url" value={draft.baseURL} onInput={(e) => set('baseURL', e.currentTarget.value)} />
      <p class="hint">
        Any server that speaks the Anthropic Messages API, over https:// (http:// only for localhost). Your key is sent there only
        once you confirm it.
      </p>
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
        <option value="auto">Mark for “All tabs in this window”, off for “This tab” (default)</option>
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
      <button type="submit" ref={saveRef}>
        Save
      </button>
      {pending && (
        <div class="confirm" role="alertdialog" aria-labelledby="confirm-origin-title" aria-describedby="confirm-origin-text">
          <p id="confirm-origin-title">
            <strong>Send your API key to {pendingOrigin}?</strong>
          </p>
          <p id="confirm-origin-text">
            Until now your key went only to {keyOrigin}. The server at {pendingOrigin} will receive it, and the passages of your
            pages, with every question. Confirm only if you trust that server.
          </p>
          <button type="button" ref={confirmRef} onClick={() => save(pending)}>
            Send my key to {pendingOrigin}
          </button>
          <button
            type="button"
            onClick={() => {
              setPending(null);
              setStatus(`Not saved: your key is still sent only to ${keyOrigin}.`);
            }}
          >
            Do not send it
          </button>
        </div>
      )}
      <p role="status" class="status">
        {status}
      </p>
    </form>
  );
}
