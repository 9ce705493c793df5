/**
 * The state of the settings draft (./use-settings-draft.ts) in one place, for its smaller hooks to
 * share: what is shown (the draft, the keys as saved, the status, the key question pending, a
 * model found missing) and what its rules remember between renders without showing it (the draft
 * as it is now, before the next render; the key typed and for which origin; the user's own model;
 * a model list awaited). Nothing is stored until Save.
 */
import { useRef, useState } from 'preact/hooks';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import type { Settings } from '@/lib/shared/store/settings';

export type DraftState = ReturnType<typeof useDraftState>;

/** `initial.keys`: the keys kept by origin; `initial.apiKey`, the one kept for the base URL's origin. */
export function useDraftState(initial: Settings & { keys: SavedKeys }) {
  const { keys: initialKeys, ...initialSettings } = initial;
  const [draft, setDraft] = useState<Settings>(initialSettings);
  const [status, setStatus] = useState('');
  // The keys as saved, by origin; the key field is the draft's, for the base URL's origin.
  const [keys, setKeys] = useState<SavedKeys>(initialKeys);
  // The settings Save waits to send until the user confirms the key's destination.
  const [pending, setPending] = useState<Settings | null>(null);
  // Save found no model: said beside the Model field.
  const [modelMissing, setModelMissing] = useState(false);
  // The draft as it is now, before the next render: a preset's models listed once the browser
  // answered its permission request are listed only if the user has not typed another address.
  const latest = useRef(draft);
  // The key field typed by the user since it last showed a saved key: kept when the address changes.
  const keyTyped = useRef(false);
  // The origin chosen when it was typed: its key is not another origin's, whatever that one confirmed.
  const typedFor = useRef('');
  // The model the user has, never one a preset set (./draft-rules.ts `DraftMemory`).
  const ownModel = useRef(initialSettings.model);
  // A server was chosen and its list has not come yet: once it comes, the model is one it has.
  const picking = useRef(false);
  /** The draft from now on: shown, and the rules' `latest` before the next render. */
  const showDraft = (next: Settings) => {
    latest.current = next;
    setDraft(next);
  };
  return {
    initialSettings,
    draft,
    showDraft,
    latest,
    status,
    setStatus,
    keys,
    setKeys,
    pending,
    setPending,
    modelMissing,
    setModelMissing,
    keyTyped,
    typedFor,
    ownModel,
    picking,
  };
}
