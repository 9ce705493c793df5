/**
 * The settings form of the options: every field, Save, the keys saved per server, and the question
 * asked before a key goes to an address the user has not confirmed for it
 * (lib/shared/key-destination.ts says where each may go). The key field is the key of the base
 * URL's origin: a preset chosen shows that server's key (or none), never the one before; an
 * address typed shows its own key if one is kept, else keeps the field as it was, and Save then
 * asks before that key goes to the new address. A key kept for one origin never goes to another
 * unless the user confirms it there.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { baseUrlProblem, originOf } from '@/lib/shared/api-key';
import { keyAt, keysAfterSave, keysWithTyped, keysWithout, keyVerdict } from '@/lib/shared/key-destination';
import type { SavedKeys } from '@/lib/shared/key-schema';
import { removeOriginRule } from '@/lib/shared/local-origin-rule';
import {
  type Settings,
  DEFAULT_FRAGMENT_BUDGET,
  MAX_LOCAL_TIMEOUT_S,
  MIN_LOCAL_TIMEOUT_S,
  MAX_FRAGMENT_BUDGET,
  MIN_FRAGMENT_BUDGET,
  MAX_QUOTE_LENGTH,
  MIN_QUOTE_LENGTH,
} from '@/lib/shared/settings';
import { t } from '@/lib/shared/i18n';
import { type NumberBounds, readNumberSetting } from '@/lib/shared/number-setting';
import { isLocalServer, PRESETS } from '@/lib/shared/servers';
import { NumberField } from './NumberField';
import { hostOf, SavedKeysList } from './SavedKeysList';
import { ServerChoice } from './ServerChoice';
import { TestConnection } from './TestConnection';
import { useModelList } from './use-model-list';

/** The settings typed as numbers, each with its bounds. */
type NumberKey = 'localTimeoutS' | 'minQuoteLength' | 'fragmentBudget';
const BOUNDS: Record<NumberKey, NumberBounds> = {
  localTimeoutS: { min: MIN_LOCAL_TIMEOUT_S, max: MAX_LOCAL_TIMEOUT_S },
  minQuoteLength: { min: MIN_QUOTE_LENGTH, max: MAX_QUOTE_LENGTH },
  fragmentBudget: { min: MIN_FRAGMENT_BUDGET, max: MAX_FRAGMENT_BUDGET },
};
const textsOf = (s: Settings): Record<NumberKey, string> => ({
  localTimeoutS: String(s.localTimeoutS),
  minQuoteLength: String(s.minQuoteLength),
  fragmentBudget: String(s.fragmentBudget),
});

export interface SettingsFormProps {
  /** `keys`: the keys kept by origin; `apiKey`, the one kept for the base URL's origin. */
  initial: Settings & { keys: SavedKeys };
  /** Saves the settings and the keys by origin as they are after Save. */
  onSave: (settings: Settings, keys: SavedKeys) => Promise<void>;
  /** Keeps the keys by origin (a key removed from the list of keys saved). */
  onKeysChange: (keys: SavedKeys) => Promise<void>;
}

/**
 * The extension's settings; nothing is stored until Save. A key about to go to an API origin it
 * was not confirmed for (a changed base URL, or a first key for a server other than Anthropic's)
 * waits for the user's explicit confirmation.
 */
export function SettingsForm({ initial, onSave, onKeysChange }: SettingsFormProps) {
  const { keys: initialKeys, ...initialSettings } = initial;
  const [draft, setDraft] = useState<Settings>(initialSettings);
  const [status, setStatus] = useState('');
  // The keys as saved, by origin; the key field is the draft's, for the base URL's origin.
  const [keys, setKeys] = useState<SavedKeys>(initialKeys);
  // The key field typed by the user since it last showed a saved key: kept when the address changes.
  const keyTyped = useRef(false);
  // The origin chosen when it was typed: its key is not another origin's, whatever that one confirmed.
  const typedFor = useRef('');
  const [pending, setPending] = useState<Settings | null>(null);
  // The number fields as typed: a field may be empty while its value is retyped; Save reads them.
  const [numbers, setNumbers] = useState(() => textsOf(initialSettings));
  const [invalid, setInvalid] = useState<NumberKey[]>([]);
  const numberRefs = {
    localTimeoutS: useRef<HTMLInputElement>(null),
    minQuoteLength: useRef<HTMLInputElement>(null),
    fragmentBudget: useRef<HTMLInputElement>(null),
  };
  const typeNumber = (key: NumberKey, text: string) => {
    setNumbers((n) => ({ ...n, [key]: text }));
    setInvalid((keys) => keys.filter((k) => k !== key));
    setPending(null);
    setStatus('');
  };
  const { models, list, show } = useModelList();
  // The saved settings' models, once, as the page opens: their key, if any, is confirmed for them.
  useEffect(() => {
    list({ ...initialSettings, keys });
  }, []);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  // The question about the key's destination takes the focus; answered (its buttons gone, the
  // focus with them), the focus goes back to Save.
  // (Before the browser paints: "Saved." is never announced while the focus is nowhere.)
  const asked = useRef(false);
  useLayoutEffect(() => {
    if (pending) confirmRef.current?.focus();
    else if (asked.current && (document.activeElement === null || document.activeElement === document.body))
      saveRef.current?.focus();
    asked.current = pending !== null;
  }, [pending]);
  // The draft as it is now, before the next render: a preset's models listed once the browser
  // answered its permission request are listed only if the user has not typed another address.
  const latest = useRef(draft);
  const patch = (values: Partial<Settings>) => {
    const before = latest.current;
    latest.current = { ...before, ...values };
    // Another origin: the field shows its key, unless the user typed one to save there. A preset
    // chosen with none shows none; an address typed with none keeps what the field held, which
    // then goes there only once the user confirms that address (Save asks).
    if (!keyTyped.current && originOf(latest.current.baseURL.trim()) !== originOf(before.baseURL.trim())) {
      const saved = keyAt(latest.current.baseURL.trim(), keys);
      if (saved) latest.current.apiKey = saved.key;
      else if (values.server !== undefined) latest.current.apiKey = '';
    }
    setDraft(latest.current);
    setPending(null);
    setStatus('');
  };
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => patch({ [key]: value });
  // The keys as they would be with the key typed kept for the draft's origin: what the rule is asked.
  const draftKeys = (s: Settings) =>
    keysWithTyped(
      { server: s.server, baseURL: s.baseURL.trim() },
      keys,
      s.apiKey.trim(),
      keyTyped.current ? typedFor.current : undefined,
    );
  const local = isLocalServer({ server: draft.server, baseURL: draft.baseURL.trim() });
  // Servers on this computer have no native citations: the setting is then off, and says why.
  const noNative = local || draft.api === 'chat' || !PRESETS[draft.server].nativeCitations;
  // `confirmed`: the user just confirmed the key for this address.
  const save = (s: Settings, confirmed: boolean) => {
    const next = keysAfterSave(s, keys, s.apiKey, confirmed);
    void onSave(s, next)
      .then(() => {
        setKeys(next);
        keyTyped.current = false;
        setPending(null);
        setNumbers(textsOf(s));
        setStatus(t('saved'));
        // The server saved is no local one: no Origin rule stays for the one before.
        if (!isLocalServer(s)) void removeOriginRule().catch(() => {});
        // After Save, the address is the user's: its models are asked, the key as the rule says.
        list({ ...s, keys: next });
      })
      // A write the browser refused (its quota, a full disk): said here, beside Save.
      .catch((e: unknown) => {
        setPending(null);
        setStatus(t('saveFailed', e instanceof Error ? e.message : String(e)));
      });
  };
  const pendingOrigin = pending ? originOf(pending.baseURL) : '';
  // Where else this very key is kept and confirmed, for the question's words.
  const keptAt = pending
    ? (Object.entries(keys).find(([o, k]) => o !== pendingOrigin && k.confirmed && k.key === pending.apiKey)?.[0] ?? '')
    : '';
  const remove = (origin: string) => {
    const next = keysWithout(keys, origin);
    void onKeysChange(next)
      .then(() => {
        setKeys(next);
        setPending(null);
        // The field showed the key removed: it is gone from it too.
        if (!keyTyped.current && originOf(latest.current.baseURL.trim()) === origin) {
          latest.current = { ...latest.current, apiKey: '' };
          setDraft(latest.current);
        }
        setStatus(t('keyRemoved', hostOf(origin)));
      })
      .catch((e: unknown) => setStatus(t('saveFailed', e instanceof Error ? e.message : String(e))));
  };
  return (
    <form
      class="settings"
      // The form says its own problems, beside each field and in the catalogue's words.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = baseUrlProblem(draft.baseURL.trim());
        if (problem) {
          setStatus(problem);
          return;
        }
        // The local timeout is read only where its field is shown: a server on this computer.
        const shown: NumberKey[] = local
          ? ['localTimeoutS', 'minQuoteLength', 'fragmentBudget']
          : ['minQuoteLength', 'fragmentBudget'];
        const read = shown.map((key) => ({ key, reading: readNumberSetting(numbers[key], BOUNDS[key]) }));
        const wrong = read.filter((r) => !r.reading.ok).map((r) => r.key);
        setInvalid(wrong);
        if (wrong.length > 0) {
          // Nothing is saved until every number is within its range; the first one wrong has the focus.
          setPending(null);
          setStatus(t('notSavedFix'));
          numberRefs[wrong[0]!].current?.focus();
          return;
        }
        const typed: Partial<Settings> = {};
        for (const { key, reading } of read) if (reading.ok) typed[key] = reading.value;
        const cleaned = {
          ...draft,
          ...typed,
          apiKey: draft.apiKey.trim(),
          model: draft.model.trim(),
          judgeModel: draft.judgeModel.trim(),
          baseURL: draft.baseURL.trim().replace(/\/+$/, ''),
          ...(noNative ? { citationMode: 'structured' as const } : {}),
        };
        if (keyVerdict(cleaned, draftKeys(cleaned)) === 'unconfirmed') {
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
          if (now.server === target.server && now.baseURL === target.baseURL) list({ ...now, keys: draftKeys(now) });
        }}
      />
      <label for="api-key">{t('apiKey')}</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={local ? '' : draft.apiKey}
        disabled={local}
        onInput={(e) => {
          keyTyped.current = true;
          typedFor.current = originOf(latest.current.baseURL.trim());
          set('apiKey', e.currentTarget.value);
        }}
      />
      <p class="hint">{t(local ? 'apiKeyLocal' : 'apiKeyHint')}</p>
      <SavedKeysList keys={keys} onRemove={remove} />
      <label for="model">{t('model')}</label>
      <input id="model" value={draft.model} onInput={(e) => set('model', e.currentTarget.value)} />
      <label for="base-url">{t('baseUrl')}</label>
      <input id="base-url" type="url" value={draft.baseURL} onInput={(e) => set('baseURL', e.currentTarget.value)} />
      <p class="hint">{t('baseUrlHint')}</p>
      <TestConnection draft={draft} keys={draftKeys(draft)} onModels={show} />
      {local && (
        <NumberField
          id="local-timeout"
          label={t('localTimeout')}
          hint={t('localTimeoutHint')}
          text={numbers.localTimeoutS}
          bounds={BOUNDS.localTimeoutS}
          step={30}
          invalid={invalid.includes('localTimeoutS')}
          onInput={(text) => typeNumber('localTimeoutS', text)}
          inputRef={numberRefs.localTimeoutS}
        />
      )}
      <NumberField
        id="min-quote"
        label={t('minQuote')}
        hint={t('minQuoteHint')}
        text={numbers.minQuoteLength}
        bounds={BOUNDS.minQuoteLength}
        invalid={invalid.includes('minQuoteLength')}
        onInput={(text) => typeNumber('minQuoteLength', text)}
        inputRef={numberRefs.minQuoteLength}
      />
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
      <NumberField
        id="fragment-budget"
        label={t('budget')}
        hint={t('budgetHint', DEFAULT_FRAGMENT_BUDGET)}
        text={numbers.fragmentBudget}
        bounds={BOUNDS.fragmentBudget}
        step={500}
        invalid={invalid.includes('fragmentBudget')}
        onInput={(text) => typeNumber('fragmentBudget', text)}
        inputRef={numberRefs.fragmentBudget}
      />
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
          <p id="confirm-origin-text">{keptAt ? t('confirmText', keptAt, pendingOrigin) : t('confirmTextNew', pendingOrigin)}</p>
          <button type="button" ref={confirmRef} onClick={() => save(pending, true)}>
            {t('confirmSend', pendingOrigin)}
          </button>
          <button
            type="button"
            onClick={() => {
              setPending(null);
              setStatus(keptAt ? t('notSaved', keptAt) : t('notSavedKey', pendingOrigin));
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
