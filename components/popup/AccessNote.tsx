/**
 * Asks the browser for the host access a question lacks, after saying why in words: the request
 * runs in the click's user gesture (nothing awaited before it), which the browser requires. A
 * refusal is said plainly, with "This tab" offered; the question stays in its box either way.
 */
import { useState } from 'preact/hooks';
import { refusedMessage, type AccessNeed } from '@/lib/shared/site-access';
import type { Scope } from '@/lib/shared/storage';

export interface AccessNoteProps {
  need: AccessNeed;
  scope: Scope;
  /** The browser's permission request (`permissions.request`): true when the user allowed it. */
  request: (origins: string[]) => Promise<boolean>;
  onGranted: () => void;
  /** Ask the same question about the current tab, which needs no new permission. */
  onThisTab: () => void;
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
      <p>{refused ? refusedMessage(scope) : need.reason}</p>
      <button type="button" onClick={allow}>
        {refused ? 'Ask for permission again' : 'Allow reading these sites'}
      </button>
      <button type="button" onClick={onThisTab}>
        Ask about this tab instead
      </button>
    </div>
  );
}
