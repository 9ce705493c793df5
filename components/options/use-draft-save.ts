/**
 * Save pressed in the settings draft (./use-settings-draft.ts): the address checked, then the
 * form's own fields read, a model required (the server is asked for its list, which fills the
 * field), and the key's destination confirmed (lib/shared/store/key-destination.ts) before
 * ./use-draft-store.ts stores anything: the question asked, and its answer.
 */
import { useRef } from 'preact/hooks';
import { originOf } from '@/lib/shared/store/api-key';
import { baseUrlProblem } from '@/lib/shared/servers/base-url';
import { keyVerdict } from '@/lib/shared/store/key-destination';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { t } from '@/lib/shared/core/i18n';
import type { Settings } from '@/lib/shared/store/settings';
import { cleanSettings, keptElsewhere } from './draft-rules';
import type { DraftState } from './use-draft-state';
import { useKeyQuestionFocus } from './use-key-question-focus';
import type { ListTarget } from './use-model-list';

/** What Save is given: the model list to ask, the keys the rule is asked, the server's traits, the write. */
export interface SaveInputs {
  list: (target: ListTarget) => void;
  draftKeys: (s: Settings) => SavedKeys;
  noNative: boolean;
  /** `confirmed`: the user just confirmed the key for this address. */
  save: (s: Settings, confirmed: boolean) => void;
}

export function useDraftSave(state: DraftState, { list, draftKeys, noNative, save }: SaveInputs) {
  const { draft, keys, pending, setPending, setStatus } = state;
  const focus = useKeyQuestionFocus(pending);
  const modelRef = useRef<HTMLInputElement>(null);
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
    const cleaned = cleanSettings(draft, typed, noNative);
    if (cleaned.model === '') {
      // Nothing saved without a model; the server is asked for its list, which fills the field.
      setPending(null);
      state.setModelMissing(true);
      setStatus(t('modelMissing'));
      modelRef.current?.focus();
      state.picking.current = true;
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
  const keptAt = pending ? keptElsewhere(keys, pending, pendingOrigin) : '';
  const confirm = () => pending && save(pending, true);
  const cancel = () => {
    setPending(null);
    setStatus(keptAt ? t('notSaved', keptAt) : t('notSavedKey', pendingOrigin));
  };
  return { submit, pendingOrigin, keptAt, confirm, cancel, refs: { ...focus, model: modelRef } };
}
