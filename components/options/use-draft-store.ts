/**
 * The settings draft's writes (./use-settings-draft.ts): the settings and the keys by origin
 * stored at Save, the key's destination confirmed or not (lib/shared/store/key-destination.ts),
 * and a key removed from those kept. A write the browser refused (its quota, a full disk) is said
 * beside Save.
 */
import { originOf } from '@/lib/shared/store/api-key';
import { keysAfterSave, keysWithout } from '@/lib/shared/store/key-destination';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { removeOriginRule } from '@/lib/shared/access/local-origin-rule';
import { t } from '@/lib/shared/core/i18n';
import { isLocalServer } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { hostOf } from './SavedKeysList';
import type { DraftState } from './use-draft-state';
import type { ListTarget } from './use-model-list';

/** Where the draft's settings and keys are stored. */
export interface DraftStore {
  /** Saves the settings and the keys by origin as they are after Save. */
  onSave: (settings: Settings, keys: SavedKeys) => Promise<void>;
  /** Keeps the keys by origin (a key removed from the list of keys saved). */
  onKeysChange: (keys: SavedKeys) => Promise<void>;
  /** Called once the settings are saved. */
  onSaved?: (settings: Settings) => void;
}

const failed = (e: unknown) => t('saveFailed', e instanceof Error ? e.message : String(e));

export function useDraftStore(
  state: DraftState,
  { onSave, onKeysChange, onSaved }: DraftStore,
  list: (target: ListTarget) => void,
) {
  const { keys, setKeys, setPending, setStatus } = state;
  // `confirmed`: the user just confirmed the key for this address.
  const save = (s: Settings, confirmed: boolean) => {
    const next = keysAfterSave(s, keys, s.apiKey, confirmed);
    void onSave(s, next)
      .then(() => {
        setKeys(next);
        state.ownModel.current = s.model;
        state.keyTyped.current = false;
        state.picking.current = false;
        setPending(null);
        setStatus(t('saved'));
        // The server saved is no local one: no Origin rule stays for the one before.
        if (!isLocalServer(s)) void removeOriginRule().catch(() => {});
        // After Save, the address is the user's: its models are asked, the key as the rule says.
        list({ ...s, keys: next });
        onSaved?.(s);
      })
      .catch((e: unknown) => {
        setPending(null);
        setStatus(failed(e));
      });
  };
  const remove = (origin: string) => {
    const next = keysWithout(keys, origin);
    void onKeysChange(next)
      .then(() => {
        setKeys(next);
        setPending(null);
        // The field showed the key removed: it is gone from it too.
        const now = state.latest.current;
        if (!state.keyTyped.current && originOf(now.baseURL.trim()) === origin) state.showDraft({ ...now, apiKey: '' });
        setStatus(t('keyRemoved', hostOf(origin)));
      })
      .catch((e: unknown) => setStatus(failed(e)));
  };
  return { save, remove };
}
