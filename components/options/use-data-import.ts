/**
 * The state of Import my data (DataBackup.tsx): the file read and what it would add, the boxes
 * ticked (its settings, the keys of this profile it would replace), and the question asked before
 * its settings send questions to an address not confirmed here (lib/shared/store/backup-import.ts).
 * Nothing is written until the user adds the file; the history and this profile are read again
 * then, so a thread answered meanwhile is kept.
 */
import { useState } from 'preact/hooks';
import { loadKeys, saveKeys } from '@/lib/shared/store/api-key';
import { previewImport, readBackup, type Backup, type ImportPreview } from '@/lib/shared/store/backup';
import { differingKeys, keysConfirmedFor, planSettingsImport, type ImportQuestion } from '@/lib/shared/store/backup-import';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { historyItem } from '@/lib/shared/store/history-store';
import { plural, t } from '@/lib/shared/core/i18n';
import { DEFAULT_SETTINGS, MAX_FRAGMENT_BUDGET, MIN_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';
import { parseStoredSettings } from '@/lib/shared/store/settings-schema';
import type { Settings } from '@/lib/shared/store/settings';
import { settingsItem } from '@/lib/shared/store/storage';

/** A file read, waiting for the user: what it holds, what it would add, this profile's keys then. */
export interface PendingImport {
  backup: Backup;
  preview: ImportPreview;
  keys: SavedKeys;
}

const problemText = (problem: string, detail?: string): string => {
  if (problem === 'newer') return t('importNewer');
  if (problem === 'damaged') return t('importDamaged', detail ?? '');
  return t('importForeign');
};
const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));
const settingsOf = (raw: unknown) =>
  parseStoredSettings(raw, DEFAULT_SETTINGS, { min: MIN_FRAGMENT_BUDGET, max: MAX_FRAGMENT_BUDGET }).settings;
/** This profile's address and keys, as they are now. */
async function here(): Promise<{ target: { server: Settings['server']; baseURL: string }; keys: SavedKeys }> {
  const { server, baseURL } = settingsOf(await settingsItem.getValue());
  return { target: { server, baseURL }, keys: await loadKeys() };
}

/** The import's state and its steps; `setStatus` says each outcome, `onSettingsImported` that the settings changed. */
export function useDataImport(setStatus: (status: string) => void, onSettingsImported: () => void) {
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [useSettings, setUseSettings] = useState(false);
  // Origins whose key here the user ticked to replace with the file's.
  const [replace, setReplace] = useState<string[]>([]);
  // The address the file's settings would send questions to, asked before anything is written.
  const [question, setQuestion] = useState<ImportQuestion | null>(null);

  const choose = async (file: File | undefined) => {
    setPending(null);
    setQuestion(null);
    if (!file) return;
    const read = readBackup(await file.text());
    if (!read.ok) {
      setStatus(problemText(read.problem, read.detail));
      return;
    }
    setUseSettings(false);
    setReplace([]);
    const preview = previewImport(await historyItem.getValue(), read.backup);
    setPending({ backup: read.backup, preview, keys: (await here()).keys });
    setStatus('');
  };

  /** Adds the file's threads, and its settings when ticked once `confirmed` is the address they send to. */
  const add = async (confirmed: string | null) => {
    if (!pending) return;
    const { backup } = pending;
    try {
      const settings = settingsOf(backup.settings);
      const target = { server: settings.server, baseURL: settings.baseURL };
      // Planned again with this profile as it is now, and asked before anything is written.
      const plan = useSettings ? planSettingsImport(await here(), { target, keys: backup.keys }, replace) : null;
      if (plan?.question && plan.question.origin !== confirmed) {
        setQuestion(plan.question);
        return;
      }
      setQuestion(null);
      // Merged again with the history as it is now: a thread answered meanwhile is kept.
      const now = previewImport(await historyItem.getValue(), backup);
      await historyItem.setValue(now.merged);
      if (plan) {
        await settingsItem.setValue(settings);
        if (backup.keys || plan.question) await saveKeys(plan.question ? keysConfirmedFor(target, plan.keys) : plan.keys);
        onSettingsImported();
      }
      setPending(null);
      setStatus(plural('imported', now.added.length, now.updated.length));
    } catch (e) {
      // A refused write (quota): said here, and the history as it was.
      setStatus(t('importFailed', reason(e)));
    }
  };

  return {
    pending,
    useSettings,
    replace,
    question,
    /** This profile's keys that the file's differ from, offered for replacing when its settings are used. */
    differing: pending && useSettings && pending.backup.keys ? differingKeys(pending.keys, pending.backup.keys) : [],
    choose,
    add,
    /** Ticks or unticks the file's settings; a question asked is asked again at the next add. */
    setUseSettings: (on: boolean) => {
      setQuestion(null);
      setUseSettings(on);
    },
    /** Ticks or unticks replacing this profile's key for `origin` with the file's. */
    setReplacing: (origin: string, on: boolean) => {
      setQuestion(null);
      setReplace((r) => (on ? [...r, origin] : r.filter((o) => o !== origin)));
    },
    /** Drops the file, saying why. */
    drop: (status: string) => {
      setQuestion(null);
      setPending(null);
      setStatus(status);
    },
  };
}

export type DataImport = ReturnType<typeof useDataImport>;
