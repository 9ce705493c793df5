/**
 * The settings as the user edits them before Save, shared by the options' form and the welcome
 * page, so that each rule has one definition: the key field is the key of the base URL's origin (a
 * preset chosen shows that server's key, or none, never the one before; an address typed shows its
 * own key if one is kept, else keeps the field as it was); Save asks before a key goes to an origin
 * the user has not confirmed for it (lib/shared/store/key-destination.ts); choosing a server sets a model
 * that server has (lib/shared/servers/servers.ts `modelOnChoice`, `modelFromList`), and a server with no
 * model of its own keeps the user's, whichever presets were stepped through; nothing is stored
 * until Save. The form adds its number fields through `submit`'s `read`. The rules are pure, in
 * ./draft-rules.ts (the text fields' table); the state is ./use-draft-state.ts, the edits
 * ./use-draft-edits.ts, Save ./use-draft-save.ts and the writes ./use-draft-store.ts.
 */
import { useEffect } from 'preact/hooks';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import type { Settings } from '@/lib/shared/store/settings';
import { serverTraits } from './draft-rules';
import { useDraftEdits } from './use-draft-edits';
import { useDraftSave } from './use-draft-save';
import { useDraftState } from './use-draft-state';
import { type DraftStore, useDraftStore } from './use-draft-store';
import { useModelList } from './use-model-list';

export interface SettingsDraftProps extends DraftStore {
  /** `keys`: the keys kept by origin; `apiKey`, the one kept for the base URL's origin. */
  initial: Settings & { keys: SavedKeys };
}

export type SettingsDraft = ReturnType<typeof useSettingsDraft>;

export function useSettingsDraft(props: SettingsDraftProps) {
  const state = useDraftState(props.initial);
  const { models, list, show } = useModelList();
  // The saved settings' models, once, as the page opens: their key, if any, is confirmed for them.
  useEffect(() => {
    list({ ...state.initialSettings, keys: state.keys });
  }, []);
  const { patch, set, typeKey, draftKeys, chosen } = useDraftEdits(state, models, list);
  // Servers on this computer have no native citations: the setting is then off, and says why.
  const { local, noNative } = serverTraits(state.draft);
  const { save, remove } = useDraftStore(state, props, list);
  const { submit, pendingOrigin, keptAt, confirm, cancel, refs } = useDraftSave(state, { list, draftKeys, noNative, save });
  const { draft, keys, status, setStatus, pending, modelMissing } = state;
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
    refs,
  };
}
