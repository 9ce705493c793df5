import { useEffect, useState } from 'preact/hooks';
import type { Stage, WorkingRun } from '@/lib/shared/run-state';
import { t, type MessageKey } from '@/lib/shared/i18n';

export interface RunProgressProps {
  run: Pick<WorkingRun, 'stage' | 'retryAt' | 'received'>;
  onCancel: () => void;
}

/** Each step's words (their catalogue keys): shown, and announced once as the step starts (see Announcer). */
export const STAGE_TEXT: Record<Stage, MessageKey> = {
  reading: 'stageReading',
  choosing: 'stageChoosing',
  starting: 'stageStarting',
  asking: 'stageAsking',
  waiting: 'stageWaiting',
  checking: 'stageChecking',
  retrying: 'stageRetrying',
  judging: 'stageJudging',
};

/** Seconds left until `at`, ticking once a second. */
function useSecondsUntil(at: number | undefined): number | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!at) return;
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : null;
}

/**
 * What the pipeline is doing now, and a way to stop it. Not a live region itself: its text ticks
 * (a countdown, the tokens received); the app's Announcer says each step once.
 */
export function RunProgress({ run, onCancel }: RunProgressProps) {
  const stage = run.stage;
  const seconds = useSecondsUntil(stage === 'waiting' ? run.retryAt : undefined);
  let text = t(STAGE_TEXT[stage]);
  if (stage === 'waiting' && seconds !== null) text = t('stageWaitingSeconds', seconds);
  // About four characters a token: enough to see that the answer is arriving.
  if (stage === 'asking' && run.received) text = t('stageAskingReceived', Math.ceil(run.received / 4));
  return (
    <div class="progress">
      <p>
        <span class="spinner" aria-hidden="true" />
        {text}
      </p>
      <button type="button" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  );
}
