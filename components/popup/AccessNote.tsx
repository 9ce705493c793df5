/**
 * Asks the browser for the host access a question lacks, after saying why in words: the request
 * runs in the click's user gesture (nothing awaited before it), which the browser requires. A
 * refusal is said plainly, with "This tab" offered; the question stays in its box either way.
 */
import { useState } from 'preact/hooks';
import { plural, t } from '@/lib/shared/core/i18n';
import type { AccessNeed } from '@/lib/shared/access/site-access';
import type { Scope } from '@/lib/shared/answer/run-state';

export interface AccessNoteProps {
  need: AccessNeed;
  scope: Scope;
  /** The browser's permission request (`permissions.request`): true when the user allowed it. */
  request: (origins: string[]) => Promise<boolean>;
  onGranted: () => void;
  /** Ask the same question about the current tab, which needs no new permission. */
  onThisTab: () => void;
}

function reasonText(need: AccessNeed): string {
  if (need.reason === 'window') return t('accessReasonWindow');
  if (need.reason === 'panel') return t('accessReasonPanel');
  return plural('accessReasonChosen', need.count);
}

export function AccessNote({ need, scope, request, onGranted, onThisTab }: AccessNoteProps) {
  const [refused, setRefused] = useState(false);
  const allow = () => {
    setRefused(false);
    // Called at once, in the click: a request after an await would be refused for lack of a gesture.
    request(need.origins).then(
      (granted) => (granted ? onGranted() : setRefused(true)),
      () => setRefused(true),
    );
  };
  return (
    <div class={refused ? 'access-note error' : 'access-note note'} role={refused ? 'alert' : 'status'}>
      <p>{refused ? t(scope === 'window' ? 'accessRefusedWindow' : 'accessRefusedTabs') : reasonText(need)}</p>
      <button type="button" onClick={allow}>
        {t(refused ? 'accessAskAgain' : 'accessAllow')}
      </button>
      <button type="button" onClick={onThisTab}>
        {t('accessThisTab')}
      </button>
    </div>
  );
}
