/**
 * The options page's app, in the order a user needs it: the server and its key (with the expert
 * settings behind "Advanced"), the toolbar button, their data, and the diagnostics.
 */
import { useEffect, useState } from 'preact/hooks';
import { DataBackup } from '@/components/options/DataBackup';
import { DataProblemNote } from '@/components/options/DataProblemNote';
import { DiagnosticsView } from '@/components/options/DiagnosticsView';
import { SettingsForm } from '@/components/options/SettingsForm';
import { ToolbarSetting } from '@/components/options/ToolbarSetting';
import { saveKeys } from '@/lib/shared/store/api-key';
import { loadSettings, saveSettings, type LoadedSettings } from '@/lib/shared/store/storage';
import { t } from '@/lib/shared/core/i18n';

/** The options page: settings, loaded from and saved to extension storage, and diagnostics. */
export function App() {
  const [settings, setSettings] = useState<LoadedSettings | null>(null);
  // Settings imported from a backup: the form starts again from them.
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    void loadSettings().then(setSettings);
  }, []);
  return (
    <main class="options">
      <h1>{t('extName')}</h1>
      <DataProblemNote />
      {settings && <SettingsForm key={formKey} initial={settings} onSave={saveSettings} onKeysChange={saveKeys} />}
      <ToolbarSetting />
      <DataBackup
        onSettingsImported={() =>
          void loadSettings().then((s) => {
            setSettings(s);
            setFormKey((k) => k + 1);
          })
        }
      />
      <DiagnosticsView />
    </main>
  );
}
