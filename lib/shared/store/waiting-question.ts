/**
 * The question that waits for the browser's access prompt, so that it goes on once the user
 * allows it, without another press. In Chrome the popup closes as the prompt appears: the
 * worker, told by `permissions.onAdded`, asks the waiting question itself; a screen still open
 * when its request resolves asks it too, under the same id, and the worker sends it once. A
 * refusal drops it: nothing is sent, and the question stays in its box, as before.
 */
import type { AskMessage } from '@/lib/shared/protocol/messages';

/** A question kept while the browser's prompt is shown: its `ask` goes on once `origins` are granted. */
export interface WaitingQuestion {
  id: string;
  ask: AskMessage;
  origins: string[];
  at: number;
  /**
   * When the worker asked it, on the grant: kept as a record, in session storage, so that the
   * screen's own ask under the same id is not asked again even by a worker reloaded meanwhile.
   */
  askedAt?: number;
}

export interface WaitingRequestDeps {
  /** The browser's permission request; called at once, inside the click's gesture. */
  request: (origins: string[]) => Promise<boolean>;
  save: (waiting: WaitingQuestion) => Promise<void>;
  drop: () => Promise<void>;
  now: () => number;
  newId: () => string;
}

/**
 * Keeps `ask` as the waiting question and shows the browser's prompt for `origins`, in that order
 * and without awaiting before the prompt (the gesture must still be running). Resolves with
 * whether the user allowed it, and the id the screen sends the question under; a refusal (or a
 * prompt that failed) drops the waiting question.
 */
export function requestForQuestion(
  ask: AskMessage,
  origins: string[],
  deps: WaitingRequestDeps,
): { waitingId: string; granted: Promise<boolean> } {
  const waitingId = deps.newId();
  const saved = deps.save({ id: waitingId, ask, origins, at: deps.now() }).catch(() => {});
  const granted = deps.request(origins).then(
    async (yes) => {
      if (!yes) await saved.then(deps.drop);
      return yes;
    },
    async (err: unknown) => {
      await saved.then(deps.drop);
      throw err;
    },
  );
  return { waitingId, granted };
}
