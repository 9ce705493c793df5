/**
 * The welcome's last step: how to ask a first question (the toolbar button or its shortcut, as the
 * browser has it set), and a button that opens the side panel in this window, inside the click
 * (the browsers open it only in answer to a gesture: lib/shared/core/side-panel.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/shared/core/i18n';
import { hasSidePanel, openSidePanel } from '@/lib/shared/core/side-panel';
import { WelcomeStep } from './WelcomeStep';

/** The commands that open the popup: Chrome's action, Firefox's MV2 browser action. */
const ASK_COMMANDS = new Set(['_execute_action', '_execute_browser_action']);

export function FirstQuestion() {
  const [shortcut, setShortcut] = useState('Alt+Shift+Q');
  const [windowId, setWindowId] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void browser.commands
      ?.getAll()
      .then((all) => setShortcut(all.find((c) => c.name && ASK_COMMANDS.has(c.name))?.shortcut || t('welcomeShortcutNone')))
      .catch(() => {});
    // Read beforehand: the click opens the panel before anything is awaited.
    void browser.windows
      ?.getCurrent()
      .then((w) => setWindowId(w.id ?? null))
      .catch(() => {});
  }, []);
  return (
    <WelcomeStep n={4} id="step-ask" title={t('welcomeStepAsk')}>
      <p>{t('welcomeAskText', shortcut)}</p>
      <p class="hint">{t('welcomePin')}</p>
      {hasSidePanel() && windowId !== null && (
        <div class="actions">
          <p>{t('welcomePanelText')}</p>
          <button
            type="button"
            onClick={() => {
              setProblem('');
              void openSidePanel(windowId).catch((e: unknown) => setProblem(e instanceof Error ? e.message : String(e)));
            }}
          >
            {t('openInPanel')}
          </button>
        </div>
      )}
      {problem && (
        <p class="field-problem" role="alert">
          {problem}
        </p>
      )}
      <div class="actions">
        <button type="button" class="link" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('welcomeAllSettings')}
        </button>
      </div>
    </WelcomeStep>
  );
}
