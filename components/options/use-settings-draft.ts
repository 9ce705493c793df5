/**
 * The settings as the user edits them before Save, shared by the options' form and the welcome
 * page, so that each rule has one definition: the key field is the key of the base URL's origin (a
 * preset chosen shows that server's key, or none, never the one before; an address typed shows its
 * own key if one is kept, else keeps the field as it was); Save asks before a key goes to an origin
 * the user has not confirmed for it (lib/shared/store/key-destination.ts); choosing a server sets a model
 * that server has (lib/shared/servers/servers.ts `modelOnChoice`, `modelFromList`), and a server with no
 * model of its own keeps the user's, whichever presets were stepped through; nothing is stored
 * until Save. The form adds its number fields through `submit`'s `read`.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { baseUrlProblem, originOf } from '@/lib/shared/store/api-key';
import { keyAt, keysAfterSave, keysWithTyped, keysWithout, keyVerdict } from '@/lib/shared/store/key-destination';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { removeOriginRule } from '@/lib/shared/access/local-origin-rule';
import { t } from '@/lib/shared/core/i18n';
import { isLocalServer, modelFromList, modelOnChoice, PRESETS } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { hostOf } from './SavedKeysList';
import { useModelList } from './use-model-list';

export interface SettingsDraftProps {
  /** `keys`: the keys kept by origin; `apiKey`, the one kept for the base URL's origin. */
  initial: Settings & { keys: SavedKeys };
  /** Saves the settings and the keys by origin as they are after Save. */
  onSave: (settings: Settings, keys: SavedKeys) => Promise<void>;
  /** Keeps the keys by origin (a key removed from the list of keys saved). */
  onKeysChange: (keys: SavedKeys) => Promise<void>;
  /** Called once the settings are saved. */
  onSaved?: (settings: Settings) => void;
}

export type SettingsDraft = ReturnType<typeof useSettingsDraft>;

export function useSettingsDraft({ initial, onSave, onKeysChange, onSaved }: SettingsDraftProps) {
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
  // Save found no model: said beside the Model field.
  const [modelMissing, setModelMissing] = useState(false);
  const { models, list, show } = useModelList();
  // The saved settings' models, once, as the page opens: their key, if any, is confirmed for them.
  useEffect(() => {
    list({ ...initialSettings, keys });
  }, []);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const modelRef = useRef<HTMLInputElement>(null);
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
  // A server was chosen and its list has not come yet: once it comes, the model is one it has.
  const picking = useRef(false);
  useEffect(() => {
    if (!picking.current || models.length === 0) return;
    picking.current = false;
    const model = modelFromList(latest.current.server, latest.current.model.trim(), models);
    if (model === latest.current.model) return;
    latest.current = { ...latest.current, model };
    setDraft(latest.current);
    setModelMissing(false);
  }, [models]);
  // The model the user has (saved, typed or picked from a list), never one a preset set: what a
  // server without a model of its own keeps when chosen, whichever presets the choice went
  // through (a keyboard steps through the list, each step a choice that may empty the field).
  const ownModel = useRef(initialSettings.model);
  const patch = (values: Partial<Settings>) => {
    const before = latest.current;
    latest.current = { ...before, ...values };
    if (values.server !== undefined) {
      picking.current = true;
      latest.current.model = modelOnChoice(values.server, ownModel.current);
    } else if (values.model !== undefined) {
      picking.current = false;
      ownModel.current = values.model;
    }
    // Another origin: the field shows its key, unless the user typed one to save there. A preset
    // chosen with none shows none; an address typed with none keeps what the field held, which
    // then goes there only once the user confirms that address (Save asks).
    if (!keyTyped.current && originOf(latest.current.baseURL.trim()) !== originOf(before.baseURL.trim())) {
      const saved = keyAt(latest.current.baseURL.trim(), keys);
      if (saved) latest.current.apiKey = saved.key;
      else if (values.server !== undefined) latest.current.apiKey = '';
    }
    if (values.model !== undefined) setModelMissing(false);
    setDraft(latest.current);
    setPending(null);
    setStatus('');
  };
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => patch({ [key]: value });
  const typeKey = (text: string) => {
    keyTyped.current = true;
    typedFor.current = originOf(latest.current.baseURL.trim());
    set('apiKey', text);
  };
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
        ownModel.current = s.model;
        keyTyped.current = false;
        picking.current = false;
        setPending(null);
        setStatus(t('saved'));
        // The server saved is no local one: no Origin rule stays for the one before.
        if (!isLocalServer(s)) void removeOriginRule().catch(() => {});
        // After Save, the address is the user's: its models are asked, the key as the rule says.
        list({ ...s, keys: next });
        onSaved?.(s);
      })
      // A write the browser refused (its quota, a full disk): said here, beside Save.
      .catch((e: unknown) => {
        setPending(null);
        setStatus(t('saveFailed', e instanceof Error ? e.message : String(e)));
      });
  };
  /**
   * Save pressed: the address checked, then `read` (the form's number fields: null when one is
   * out of range, which it says itself), a model required, and the key's destination confirmed.
   */
  const submit = (read: () => Partial<Settings> | null = () => ({})) => {
    const problem = baseUrlProblem(draft.baseURL.trim());
    if (problem) {
      setStatus(problem);
      return;
    }
    const typed = read();
    if (!typed) {
      setPending(null);
      return;
    }
    const cleaned = {
      ...draft,
      ...typed,
      apiKey: draft.apiKey.trim(),
      model: draft.model.trim(),
      judgeModel: draft.judgeModel.trim(),
      baseURL: draft.baseURL.trim().replace(/\/+$/, ''),
      ...(noNative ? { citationMode: 'structured' as const } : {}),
    };
    if (cleaned.model === '') {
      // Nothing saved without a model; the server is asked for its list, which fills the field.
      setPending(null);
      setModelMissing(true);
      setStatus(t('modelMissing'));
      modelRef.current?.focus();
      picking.current = true;
      list({ ...cleaned, keys: draftKeys(cleaned) });
      return;
    }
    if (keyVerdict(cleaned, draftKeys(cleaned)) === 'unconfirmed') {
      setPending(cleaned);
      setStatus('');
      return;
    }
    save(cleaned, false);
  };
  const pendingOrigin = pending ? originOf(pending.baseURL) : '';
  // Where else this very key is kept and confirmed, for the question's words.
  const keptAt = pending
    ? (Object.entries(keys).find(([o, k]) => o !== pendingOrigin && k.confirmed && k.key === pending.apiKey)?.[0] ?? '')
    : '';
  const confirm = () => pending && save(pending, true);
  const cancel = () => {
    setPending(null);
    setStatus(keptAt ? t('notSaved', keptAt) : t('notSavedKey', pendingOrigin));
  };
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
  /** A preset was chosen: its models are listed, if the user has not typed another address meanwhile. */
  const chosen = (target: Pick<Settings, 'server' | 'baseURL'>) => {
    const now = latest.current;
    if (now.server === target.server && now.baseURL === target.baseURL) list({ ...now, keys: draftKeys(now) });
  };
  return {
    draft,
    keys,
    status,
    setStatus,
    pending,
    pendingOrigin,
    keptAt,
    models,
    show,
    patch,
    set,
    typeKey,
    draftKeys,
    local,
    noNative,
    modelMissing,
    submit,
    confirm,
    cancel,
    remove,
    chosen,
    refs: { confirm: confirmRef, save: saveRef, model: modelRef },
  };
}
