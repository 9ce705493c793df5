/** The app's heading, the History toggle and, in the popup, the way to the side panel. */
import { OpenInPanelButton } from './OpenInPanelButton';
import { hasSidePanel } from '@/lib/shared/side-panel';
import { t } from '@/lib/shared/i18n';

export interface AppHeaderProps {
  surface: 'popup' | 'panel';
  showHistory: boolean;
  onHistory: (show: boolean) => void;
  windowId: number | null;
  onError: (message: string) => void;
}

export function AppHeader({ surface, showHistory, onHistory, windowId, onError }: AppHeaderProps) {
  return (
    <header class="app-header">
      <h1>{t('appHeading')}</h1>
      <button type="button" class="history-toggle" aria-pressed={showHistory} onClick={() => onHistory(!showHistory)}>
        {t('history')}
      </button>
      {surface === 'popup' && hasSidePanel() && <OpenInPanelButton windowId={windowId} onError={onError} />}
    </header>
  );
}
