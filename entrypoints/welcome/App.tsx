/** The welcome page's app: the setup steps on the saved settings (the defaults at install), then the first question. */
import { useEffect, useState } from 'preact/hooks';
import { FirstQuestion } from '@/components/welcome/FirstQuestion';
import { WelcomeSetup } from '@/components/welcome/WelcomeSetup';
import { saveKeys } from '@/lib/shared/store/api-key';
import { t } from '@/lib/shared/core/i18n';
import { loadSettings, saveSettings, type LoadedSettings } from '@/lib/shared/store/storage';

export function App() {
  const [settings, setSettings] = useState<LoadedSettings | null>(null);
  useEffect(() => {
    void loadSettings().then(setSettings);
  }, []);
  return (
    <main class="welcome">
      <header>
        <h1>{t('welcomeTitle')}</h1>
        <p>{t('welcomeIntro')}</p>
      </header>
      {settings && <WelcomeSetup initial={settings} onSave={saveSettings} onKeysChange={saveKeys} />}
      <FirstQuestion />
    </main>
  );
}
