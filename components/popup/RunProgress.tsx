import { useEffect, useState } from 'preact/hooks';
import type { RunState, Stage } from '@/lib/shared/storage';

export interface RunProgressProps {
  run: Pick<RunState, 'stage' | 'retryAt' | 'received'>;
  onCancel: () => void;
}

/** Each step's words: shown, and announced once as the step starts (see Announcer). */
export const STAGE_TEXT: Record<Stage, string> = {
  reading: 'Reading the pages…',
  choosing: 'Choosing the passages to send…',
  asking: 'Asking Claude…',
  waiting: 'Claude is busy; trying again…',
  checking: 'Checking every quote against the pages…',
  retrying: 'Some quotes did not check out; asking Claude to correct them…',
  judging: 'Checking that the quotes support each claim…',
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
  const stage = run.stage ?? 'reading';
  const seconds = useSecondsUntil(stage === 'waiting' ? run.retryAt : undefined);
  let text = STAGE_TEXT[stage];
  if (stage === 'waiting' && seconds !== null) text = `Claude is busy; trying again in ${seconds} s…`;
  // About four characters a token: enough to see that the answer is arriving.
  if (stage === 'asking' && run.received) text = `Asking Claude… about ${Math.ceil(run.received / 4)} tokens received`;
  return (
    <div class="progress">
      <p>
        <span class="spinner" aria-hidden="true" />
        {text}
      </p>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
