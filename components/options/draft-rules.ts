/**
 * The rules of the settings draft (./use-settings-draft.ts) as pure functions, so that its tests
 * need no browser: one table of the draft's text fields and how Save cleans each as typed, what a
 * change does to the draft (a chosen server's model, the key the field shows for another origin),
 * what the server allows, and where else a key about to be sent is kept and confirmed.
 */
import { originOf } from '@/lib/shared/store/api-key';
import { keyAt } from '@/lib/shared/store/key-destination';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { isLocalServer, modelOnChoice, PRESETS } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';

export type TextKey = 'apiKey' | 'model' | 'judgeModel' | 'baseURL';

/** The draft's text fields, each with how Save cleans it as typed (the address loses its trailing slashes). */
export const TEXT_FIELDS: Record<TextKey, (typed: string) => string> = {
  apiKey: (typed) => typed.trim(),
  model: (typed) => typed.trim(),
  judgeModel: (typed) => typed.trim(),
  baseURL: (typed) => typed.trim().replace(/\/+$/, ''),
};

/**
 * The settings Save keeps: the draft with the form's numbers (`typed`), each text field cleaned,
 * and the citation mode structured where the server offers no native citations.
 */
export function cleanSettings(draft: Settings, typed: Partial<Settings>, noNative: boolean): Settings {
  const cleaned: Settings = { ...draft, ...typed };
  for (const key of Object.keys(TEXT_FIELDS) as TextKey[]) cleaned[key] = TEXT_FIELDS[key](draft[key]);
  return noNative ? { ...cleaned, citationMode: 'structured' } : cleaned;
}

/**
 * Whether the draft's server is on this computer, and whether it has no native citations (one on
 * this computer, the chat API, or a preset without them): the setting is then off, and says why.
 */
export function serverTraits(s: Settings): { local: boolean; noNative: boolean } {
  const local = isLocalServer({ server: s.server, baseURL: s.baseURL.trim() });
  return { local, noNative: local || s.api === 'chat' || !PRESETS[s.server].nativeCitations };
}

/** What the draft remembers between changes, without showing it. */
export interface DraftMemory {
  /**
   * The model the user has (saved, typed or picked from a list), never one a preset set: what a
   * server without a model of its own keeps when chosen, whichever presets the choice went
   * through (a keyboard steps through the list, each step a choice that may empty the field).
   */
  ownModel: string;
  /** The key field was typed by the user since it last showed a saved key: kept when the address changes. */
  keyTyped: boolean;
}

/** A change to the draft: the draft after it, and what it tells the memory. */
export interface DraftChange {
  draft: Settings;
  /** A server chosen: true (its list, once it comes, sets the model); a model set: false; else unsaid. */
  picking?: boolean;
  /** The model the user set, now their own. */
  ownModel?: string;
}

/**
 * The draft after `values`: a server chosen gets a model it has (or keeps the user's); another
 * origin shows its key, unless the user typed one to save there. A preset chosen with none shows
 * none; an address typed with none keeps what the field held, which then goes there only once
 * the user confirms that address (Save asks).
 */
export function changeDraft(before: Settings, values: Partial<Settings>, memory: DraftMemory, keys: SavedKeys): DraftChange {
  const draft: Settings = { ...before, ...values };
  const change: DraftChange = { draft };
  if (values.server !== undefined) {
    change.picking = true;
    draft.model = modelOnChoice(values.server, memory.ownModel);
  } else if (values.model !== undefined) {
    change.picking = false;
    change.ownModel = values.model;
  }
  if (!memory.keyTyped && originOf(draft.baseURL.trim()) !== originOf(before.baseURL.trim())) {
    const saved = keyAt(draft.baseURL.trim(), keys);
    if (saved) draft.apiKey = saved.key;
    else if (values.server !== undefined) draft.apiKey = '';
  }
  return change;
}

/** Another origin where the very key `pending` would send is kept and confirmed ('' if none): for the question's words. */
export function keptElsewhere(keys: SavedKeys, pending: Settings, pendingOrigin: string): string {
  return Object.entries(keys).find(([o, k]) => o !== pendingOrigin && k.confirmed && k.key === pending.apiKey)?.[0] ?? '';
}
