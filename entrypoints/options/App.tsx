import { useEffect, useState } from 'preact/hooks';
import { DiagnosticsView } from '@/components/options/DiagnosticsView';
import { SettingsForm } from '@/components/options/SettingsForm';
import { loadSettings, settingsItem } from '@/lib/shared/storage';
import type { Settings } from '@/lib/shared/settings';

/** The options page: settings, loaded from and saved to extension storage, and diagnostics. */
export function App() {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void loadSettings().then(setSettings);
  }, []);
  return (
    <main class="options">
      <h1>Cited Tabs</h1>
      {settings && <SettingsForm initial={settings} onSave={(s) => settingsItem.setValue(s)} />}
      <DiagnosticsView />
    </main>
  );
}
