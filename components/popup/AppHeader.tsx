/**
 * The app's header, always in view: its name, then New question (once there is something to start
 * over from), the History toggle and, in the popup, the way to the side panel.
 */
import { OpenInPanelButton } from './OpenInPanelButton';
import { hasSidePanel } from '@/lib/shared/core/side-panel';
import { t } from '@/lib/shared/core/i18n';

export interface AppHeaderProps {
  surface: 'popup' | 'panel';
  showHistory: boolean;
  onHistory: (show: boolean) => void;
  /** Shown when there is a thread or an answer to start over from. */
  onNewQuestion?: () => void;
  windowId: number | null;
  onError: (message: string) => void;
}

export function AppHeader({ surface, showHistory, onHistory, onNewQuestion, windowId, onError }: AppHeaderProps) {
  return (
    <header class="app-header">
      <h1>{t('appHeading')}</h1>
      {onNewQuestion && (
        <button type="button" class="new-question" onClick={onNewQuestion}>
          {t('newQuestion')}
        </button>
      )}
      <button type="button" class="history-toggle" aria-pressed={showHistory} onClick={() => onHistory(!showHistory)}>
        {t('history')}
      </button>
      {surface === 'popup' && hasSidePanel() && <OpenInPanelButton windowId={windowId} onError={onError} />}
    </header>
  );
}
