/**
 * What an app with nothing asked yet shows above the question box: what it does, in one line, and,
 * in a new session, the last thread one click away ("Continue: …") — never in the way of asking.
 */
import { t } from '@/lib/shared/i18n';
import { useLatestThread } from './use-latest-thread';

export interface EmptyStateProps {
  /** A browser start or an update emptied the session: the last thread of the history is offered. */
  newSession: boolean;
  onContinue: () => void;
}

export function EmptyState({ newSession, onContinue }: EmptyStateProps) {
  const latest = useLatestThread(newSession);
  return (
    <div class="empty-state">
      <p class="empty-title">{t('emptyTitle')}</p>
      <p class="muted">{t('emptyBody')}</p>
      {latest && (
        <button type="button" class="continue" onClick={onContinue}>
          <span class="continue-label">{t('continueThread')}</span> <bdi>{latest.turns[latest.turns.length - 1]!.question}</bdi>
        </button>
      )}
    </div>
  );
}
