/**
 * What the question is doing now, in plain words ("Reading 3 tabs…", "Writing the answer…"), a
 * way to stop it, and room held for the claims to come, so the answer does not jump in. Not a
 * live region itself: its text ticks (a countdown); the app's Announcer says each step once.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Stage, WorkingRun } from '@/lib/shared/answer/run-state';
import { plural, t, type MessageKey } from '@/lib/shared/core/i18n';

export interface RunProgressProps {
  run: Pick<WorkingRun, 'stage' | 'retryAt' | 'received' | 'claims'>;
  /** How many tabs are being read (the scope's), for "Reading 3 tabs…". */
  tabs: number;
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

/** The words of a step: the tabs counted while reading, the answer "being written" once it streams. */
export function stageWords(run: RunProgressProps['run'], tabs: number, seconds: number | null): string {
  switch (run.stage) {
    case 'reading':
      return tabs > 1 ? plural('stageReadingTabs', tabs) : t('stageReadingTab');
    case 'waiting':
      return seconds !== null ? t('stageWaitingSeconds', seconds) : t('stageWaiting');
    case 'asking':
      return run.received ? t('stageWriting') : t('stageAsking');
    default:
      return t(STAGE_TEXT[run.stage]);
  }
}

export function RunProgress({ run, tabs, onCancel }: RunProgressProps) {
  const seconds = useSecondsUntil(run.stage === 'waiting' ? run.retryAt : undefined);
  const text = stageWords(run, tabs, seconds);
  const waitingForClaims = !run.claims || run.claims.length === 0;
  return (
    <div class="progress">
      <div class="progress-line">
        <span class="spinner" aria-hidden="true" />
        <p>{text}</p>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
      {waitingForClaims && (
        <div class="placeholder" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      )}
    </div>
  );
}
