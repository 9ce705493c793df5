/**
 * The worker's half of the waiting question (lib/shared/store/waiting-question.ts): on
 * `permissions.onAdded` it asks the question kept while the browser's prompt was shown, and an
 * `ask` from a screen under the same id is then not asked twice. Both go through one queue, so
 * whichever comes first takes the question and the other finds it taken. The worker's record of
 * having asked it stays in session storage beside the question, so a worker the browser stopped
 * and started again in between (Chrome) still knows. A new question from a screen replaces any
 * waiting one.
 */
import type { AskMessage } from '@/lib/shared/protocol/messages';
import { covers } from '@/lib/shared/access/site-access';
import type { WaitingQuestion } from '@/lib/shared/store/waiting-question';
import { serialQueue } from './serial';

/**
 * Older than this, a waiting question is dropped rather than asked: the prompt was answered long
 * ago (or never), and access granted later, from the browser's settings, sends nothing unasked.
 */
export const WAITING_FRESH_MS = 5 * 60_000;

/** Whether the waiting question may go now: not asked yet, fresh, and every site it needs granted. */
export function mayResume(waiting: WaitingQuestion | null, granted: readonly string[], now: number): waiting is WaitingQuestion {
  if (!waiting || waiting.askedAt !== undefined || now - waiting.at > WAITING_FRESH_MS || now < waiting.at) return false;
  return waiting.origins.every((o) => covers(granted, o));
}

export interface WaitingDeps {
  load: () => Promise<WaitingQuestion | null>;
  /** Stores the waiting question (here: with the record that it was asked). */
  save: (waiting: WaitingQuestion) => Promise<void>;
  clear: () => Promise<void>;
  /** Host permissions held now (`permissions.getAll().origins`). */
  granted: () => Promise<string[]>;
  /** Starts the question (startAsk); not awaited to its end. */
  start: (ask: AskMessage) => void;
  now: () => number;
}

export interface WaitingQuestions {
  /** Access was granted: the waiting question goes on if that was the access it waited for. True when it went. */
  onAccessAdded: () => Promise<boolean>;
  /** A question from a screen. Under a waiting id already taken, it is not asked again. True when it went. */
  onAsk: (ask: AskMessage & { waitingId?: string }) => Promise<boolean>;
}

export function waitingQuestions(deps: WaitingDeps): WaitingQuestions {
  const queue = serialQueue();
  // Waiting ids this worker has asked: a screen's ask under one of them comes second.
  const taken = new Set<string>();
  return {
    onAccessAdded: () =>
      queue(async () => {
        const waiting = await deps.load();
        if (!waiting) return false;
        if (!mayResume(waiting, await deps.granted(), deps.now())) return false;
        await deps.save({ ...waiting, askedAt: deps.now() });
        taken.add(waiting.id);
        deps.start(waiting.ask);
        return true;
      }),
    onAsk: (ask) =>
      queue(async () => {
        if (ask.waitingId !== undefined && taken.has(ask.waitingId)) return false;
        const stored = await deps.load();
        // Asked already by this worker before it was stopped and started again.
        if (ask.waitingId !== undefined && stored?.id === ask.waitingId && stored.askedAt !== undefined) return false;
        if (stored) await deps.clear();
        const { waitingId: _taken, ...question } = ask;
        deps.start(question);
        return true;
      }),
  };
}
