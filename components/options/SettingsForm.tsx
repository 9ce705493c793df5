/**
 * The settings form of the options: every field, Save, and the question asked before the key goes
 * to an address the user has not confirmed for it (lib/shared/key-destination.ts says where it may).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { baseUrlProblem, originOf } from '@/lib/shared/api-key';
import { keyVerdict, originKeptFor } from '@/lib/shared/key-destination';
import { removeOriginRule } from '@/lib/shared/local-origin-rule';
import {
  type Settings,
  clampBudget,
  DEFAULT_FRAGMENT_BUDGET,
  DEFAULT_SETTINGS,
  MAX_LOCAL_TIMEOUT_S,
  MIN_LOCAL_TIMEOUT_S,
  MAX_FRAGMENT_BUDGET,
  MIN_FRAGMENT_BUDGET,
} from '@/lib/shared/settings';
import { t } from '@/lib/shared/i18n';
import { isLocalServer, PRESETS } from '@/lib/shared/servers';
import { ServerChoice } from './ServerChoice';
import { TestConnection } from './TestConnection';
import { useModelList } from './use-model-list';

export interface SettingsFormProps {
  /** `keyOrigin`: where the user last confirmed the key may be sent (null: no key kept). */
  initial: Settings & { keyOrigin: string | null };
  /** Saves the settings, the key confirmed for `keyOrigin`. */
  onSave: (settings: Settings, keyOrigin: string) => Promise<void>;
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
  const { models, list, show } = useModelList();
  // The saved settings' models, once, as the page opens: their key, if any, is confirmed for them.
  useEffect(() => {
    list({ ...initialSettings, keyOrigin });
  }, []);
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
  // The draft as it is now, before the next render: a preset's models listed once the browser
  // answered its permission request are listed only if the user has not typed another address.
  const latest = useRef(draft);
  const patch = (values: Partial<Settings>) => {
    latest.current = { ...latest.current, ...values };
    setDraft(latest.current);
    setPending(null);
    setStatus('');
  };
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => patch({ [key]: value });
  const local = isLocalServer({ server: draft.server, baseURL: draft.baseURL.trim() });
  // Servers on this computer have no native citations: the setting is then off, and says why.
  const noNative = local || draft.api === 'chat' || !PRESETS[draft.server].nativeCitations;
  // `confirmed`: the user just confirmed the key for this address.
  const save = (s: Settings, confirmed: boolean) => {
    const origin = originKeptFor(s, { key: s.apiKey, origin: keyOrigin }, confirmed);
    void onSave(s, origin).then(() => {
      if (s.apiKey !== '') setKeyOrigin(origin);
      setPending(null);
      setStatus(t('saved'));
      // The server saved is no local one: no Origin rule stays for the one before.
      if (!isLocalServer(s)) void removeOriginRule().catch(() => {});
      // After Save, the address is the user's: its models are asked, the key as the rule says.
      list({ ...s, keyOrigin: origin });
    });
  };
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
          localTimeoutS: Math.round(Math.min(MAX_LOCAL_TIMEOUT_S, Math.max(MIN_LOCAL_TIMEOUT_S, draft.localTimeoutS))),
          ...(noNative ? { citationMode: 'structured' as const } : {}),
        };
        if (keyVerdict(cleaned, { key: cleaned.apiKey, origin: keyOrigin }) === 'unconfirmed') {
          setPending(cleaned);
          setStatus('');
          return;
        }
        save(cleaned, false);
      }}
    >
      <ServerChoice
        draft={draft}
        models={models}
        onChange={patch}
        onChosen={(target) => {
          const now = latest.current;
          if (now.server === target.server && now.baseURL === target.baseURL) list({ ...now, keyOrigin });
        }}
      />
      <label for="api-key">{t('apiKey')}</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={draft.apiKey}
        onInput={(e) => set('apiKey', e.currentTarget.value)}
      />
      <p class="hint">{t(local ? 'apiKeyLocal' : 'apiKeyHint')}</p>
      <label for="model">{t('model')}</label>
      <input id="model" value={draft.model} onInput={(e) => set('model', e.currentTarget.value)} />
      <label for="base-url">{t('baseUrl')}</label>
      <input id="base-url" type="url" value={draft.baseURL} onInput={(e) => set('baseURL', e.currentTarget.value)} />
      <p class="hint">{t('baseUrlHint')}</p>
      <TestConnection draft={draft} keyOrigin={keyOrigin} onModels={show} />
      {local && (
        <>
          <label for="local-timeout">{t('localTimeout')}</label>
          <input
            id="local-timeout"
            type="number"
            min={MIN_LOCAL_TIMEOUT_S}
            max={MAX_LOCAL_TIMEOUT_S}
            step={30}
            value={draft.localTimeoutS}
            onInput={(e) => set('localTimeoutS', Number(e.currentTarget.value) || draft.localTimeoutS)}
          />
          <p class="hint">{t('localTimeoutHint')}</p>
        </>
      )}
      <label for="min-quote">{t('minQuote')}</label>
      <input
        id="min-quote"
        type="number"
        min={5}
        max={200}
        value={draft.minQuoteLength}
        onInput={(e) => set('minQuoteLength', Number(e.currentTarget.value) || draft.minQuoteLength)}
      />
      <p class="hint">{t('minQuoteHint')}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={draft.citationMode === 'native' && !noNative}
          disabled={noNative}
          onChange={(e) => set('citationMode', e.currentTarget.checked ? 'native' : 'structured')}
        />
        {t('nativeCitations')}
      </label>
      <p class="hint">
        {t(!noNative ? 'nativeCitationsHint' : draft.api === 'chat' ? 'nativeCitationsChat' : 'nativeCitationsLocal')}
      </p>
      <label for="judge">{t('judge')}</label>
      <select id="judge" value={draft.judge} onChange={(e) => set('judge', e.currentTarget.value as Settings['judge'])}>
        <option value="auto">{t('judgeAuto')}</option>
        <option value="off">{t('judgeOff')}</option>
        <option value="mark">{t('judgeMark')}</option>
        <option value="drop">{t('judgeDrop')}</option>
      </select>
      <label for="judge-model">{t('judgeModel')}</label>
      <input id="judge-model" value={draft.judgeModel} onInput={(e) => set('judgeModel', e.currentTarget.value)} />
      <p class="hint">{t('judgeModelHint')}</p>
      <label for="fragment-budget">{t('budget')}</label>
      <input
        id="fragment-budget"
        type="number"
        min={MIN_FRAGMENT_BUDGET}
        max={MAX_FRAGMENT_BUDGET}
        step={500}
        value={draft.fragmentBudget}
        onInput={(e) => set('fragmentBudget', Number(e.currentTarget.value) || draft.fragmentBudget)}
      />
      <p class="hint">{t('budgetHint', DEFAULT_FRAGMENT_BUDGET)}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={draft.reviewBeforeSending}
          onChange={(e) => set('reviewBeforeSending', e.currentTarget.checked)}
        />
        {t('reviewHeading')}
      </label>
      <p class="hint">{t('reviewHint')}</p>
      <button type="submit" ref={saveRef}>
        {t('save')}
      </button>
      {pending && (
        <div class="confirm" role="alertdialog" aria-labelledby="confirm-origin-title" aria-describedby="confirm-origin-text">
          <p id="confirm-origin-title">
            <strong>{t('confirmTitle', pendingOrigin)}</strong>
          </p>
          <p id="confirm-origin-text">{t('confirmText', keyOrigin || t('anotherAddress'), pendingOrigin)}</p>
          <button type="button" ref={confirmRef} onClick={() => save(pending, true)}>
            {t('confirmSend', pendingOrigin)}
          </button>
          <button
            type="button"
            onClick={() => {
              setPending(null);
              setStatus(t('notSaved', keyOrigin || t('anotherAddress')));
            }}
          >
            {t('confirmCancel')}
          </button>
        </div>
      )}
      <p role="status" class="status">
        {status}
      </p>
    </form>
  );
}
