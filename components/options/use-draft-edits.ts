/**
 * The settings draft's edits (./use-settings-draft.ts): a change to any field (./draft-rules.ts
 * `changeDraft`: a chosen server's model, the key the field shows), the key typed, a preset's
 * models listed once chosen, and the model set from a list that comes after its server was chosen.
 * Each edit clears the status and any key question pending; nothing is stored.
 */
import { useEffect } from 'preact/hooks';
import { originOf } from '@/lib/shared/store/api-key';
import { keysWithTyped } from '@/lib/shared/store/key-destination';
import { modelFromList } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { changeDraft } from './draft-rules';
import type { DraftState } from './use-draft-state';
import type { ListTarget } from './use-model-list';

export function useDraftEdits(state: DraftState, models: string[], list: (target: ListTarget) => void) {
  const { latest, keyTyped, typedFor, ownModel, picking, keys } = state;
  // A server was chosen and its list has come: the model is one it has.
  useEffect(() => {
    if (!picking.current || models.length === 0) return;
    picking.current = false;
    const model = modelFromList(latest.current.server, latest.current.model.trim(), models);
    if (model === latest.current.model) return;
    state.showDraft({ ...latest.current, model });
    state.setModelMissing(false);
  }, [models]);
  const patch = (values: Partial<Settings>) => {
    const memory = { ownModel: ownModel.current, keyTyped: keyTyped.current };
    const change = changeDraft(latest.current, values, memory, keys);
    if (change.picking !== undefined) picking.current = change.picking;
    if (change.ownModel !== undefined) ownModel.current = change.ownModel;
    if (values.model !== undefined) state.setModelMissing(false);
    state.showDraft(change.draft);
    state.setPending(null);
    state.setStatus('');
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
  /** A preset was chosen: its models are listed, if the user has not typed another address meanwhile. */
  const chosen = (target: Pick<Settings, 'server' | 'baseURL'>) => {
    const now = latest.current;
    if (now.server === target.server && now.baseURL === target.baseURL) list({ ...now, keys: draftKeys(now) });
  };
  return { patch, set, typeKey, draftKeys, chosen };
}
