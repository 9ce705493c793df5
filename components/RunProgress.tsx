import type { Stage } from '@/lib/storage';

export interface RunProgressProps {
  stage: Stage | undefined;
  onCancel: () => void;
}

const STAGE_TEXT: Record<Stage, string> = {
  reading: 'Reading the pages…',
  choosing: 'Choosing the passages to send…',
  asking: 'Asking Claude…',
  checking: 'Checking every quote against the pages…',
  retrying: 'Some quotes did not check out; asking Claude to correct them…',
  judging: 'Checking that the quotes support each claim…',
};

/** What the pipeline is doing now, announced politely to screen readers, and a way to stop it. */
export function RunProgress({ stage, onCancel }: RunProgressProps) {
  return (
    <div class="progress">
      <p role="status">
        <span class="spinner" aria-hidden="true" />
        {STAGE_TEXT[stage ?? 'reading']}
      </p>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
