/**
 * "Your data" in the options: Export my data writes one backup file (lib/shared/backup.ts), the
 * key in it only when ticked, with a warning; Import my data reads one, says what it will add
 * before it adds anything, merges the threads by id, and refuses a damaged or foreign file with
 * nothing changed. The file's settings and keys, when ticked, are input like any other: a server or
 * base URL the file sets, or a key of its that would go there, waits for the question Save asks
 * (ImportQuestion.tsx), and a key of this profile is replaced only when ticked
 * (lib/shared/backup-import.ts). Also says how much history is kept, so nobody finds the limit by
 * losing threads.
 */
import { useState } from 'preact/hooks';
import { loadKeys, saveKeys } from '@/lib/shared/api-key';
import { makeBackup, previewImport, readBackup, type Backup, type ImportPreview } from '@/lib/shared/backup';
import { differingKeys, keysConfirmedFor, planSettingsImport, type ImportQuestion as Question } from '@/lib/shared/backup-import';
import type { SavedKeys } from '@/lib/shared/key-schema';
import { HISTORY_LIMITS } from '@/lib/shared/history';
import { historyItem } from '@/lib/shared/history-store';
import { plural, t } from '@/lib/shared/i18n';
import { DEFAULT_SETTINGS, MAX_FRAGMENT_BUDGET, MIN_FRAGMENT_BUDGET } from '@/lib/shared/settings';
import { parseStoredSettings } from '@/lib/shared/settings-schema';
import type { Settings } from '@/lib/shared/settings';
import { settingsItem } from '@/lib/shared/storage';
import { ImportQuestion } from './ImportQuestion';
import { hostOf } from './SavedKeysList';

export interface DataBackupProps {
  /** The settings were replaced by the file's: the form shows them. */
  onSettingsImported: () => void;
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

export function DataBackup({ onSettingsImported }: DataBackupProps) {
  const [withKey, setWithKey] = useState(false);
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState<{ backup: Backup; preview: ImportPreview; keys: SavedKeys } | null>(null);
  const [useSettings, setUseSettings] = useState(false);
  // Origins whose key here the user ticked to replace with the file's.
  const [replace, setReplace] = useState<string[]>([]);
  // The address the file's settings would send questions to, asked before anything is written.
  const [question, setQuestion] = useState<Question | null>(null);

  const exportData = async () => {
    try {
      const entries = await historyItem.getValue();
      const backup = makeBackup(
        { entries, settings: await settingsItem.getValue(), keys: withKey ? await loadKeys() : null },
        Date.now(),
      );
      const url = URL.createObjectURL(new Blob([JSON.stringify(backup)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `cited-tabs-backup-${new Date().toISOString().slice(0, 10)}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus(plural('exported', entries.length));
    } catch (e) {
      setStatus(t('exportFailed', reason(e)));
    }
  };

  const chosen = async (file: File | undefined) => {
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

  const differing = pending && useSettings && pending.backup.keys ? differingKeys(pending.keys, pending.backup.keys) : [];
  return (
    <section class="data-backup" aria-labelledby="data-heading">
      <h2 id="data-heading">{t('dataHeading')}</h2>
      <p class="hint">{plural('dataHint', HISTORY_LIMITS.entries)}</p>
      <div class="data-actions">
        <div class="stack">
          <label class="check">
            <input type="checkbox" checked={withKey} onChange={(e) => setWithKey(e.currentTarget.checked)} />
            {t('exportWithKey')}
          </label>
          {withKey && <p class="field-problem">{t('exportKeyWarning')}</p>}
          <button type="button" onClick={() => void exportData()}>
            {t('exportData')}
          </button>
        </div>
        <div class="stack">
          <label for="import-file">{t('importData')}</label>
          <input
            id="import-file"
            type="file"
            accept="application/json,.json"
            onChange={(e) => void chosen(e.currentTarget.files?.[0])}
          />
        </div>
      </div>
      {pending && (
        <div class="import-preview" role="group" aria-labelledby="import-preview-title">
          <p id="import-preview-title">{plural('importPreview', pending.preview.added.length, pending.preview.updated.length)}</p>
          {pending.preview.leftOut > 0 && (
            <p class="field-problem">{plural('importLeftOut', pending.preview.leftOut, HISTORY_LIMITS.entries)}</p>
          )}
          <ul>
            {pending.preview.added.slice(0, 10).map((e) => (
              <li key={e.id}>{e.turns[0]?.question}</li>
            ))}
          </ul>
          <label class="check">
            <input
              type="checkbox"
              checked={useSettings}
              onChange={(e) => {
                setQuestion(null);
                setUseSettings(e.currentTarget.checked);
              }}
            />
            {t(pending.backup.keys ? 'importSettingsAndKey' : 'importSettings')}
          </label>
          {differing.length > 0 && (
            <fieldset class="import-keys">
              <legend>{t('importKeysDiffer')}</legend>
              {differing.map((origin) => (
                <label class="check" key={origin}>
                  <input
                    type="checkbox"
                    checked={replace.includes(origin)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setQuestion(null);
                      setReplace((r) => (on ? [...r, origin] : r.filter((o) => o !== origin)));
                    }}
                  />
                  {t('importReplaceKey', hostOf(origin))}
                </label>
              ))}
            </fieldset>
          )}
          {question ? (
            <ImportQuestion
              question={question}
              onConfirm={() => void add(question.origin)}
              onCancel={() => {
                setQuestion(null);
                setPending(null);
                setStatus(t('importNotConfirmed', question.origin));
              }}
            />
          ) : (
            <div class="actions">
              <button type="button" class="primary" onClick={() => void add(null)}>
                {t('importConfirm')}
              </button>
              <button
                type="button"
                onClick={() => {
                  setPending(null);
                  setStatus(t('importCancelled'));
                }}
              >
                {t('importCancel')}
              </button>
            </div>
          )}
        </div>
      )}
      <p role="status" class="status">
        {status}
      </p>
    </section>
  );
}
