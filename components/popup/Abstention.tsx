import type { AbstainReason } from '@/lib/shared/run';

export interface AbstentionProps {
  reason: AbstainReason;
}

const WHY: Record<AbstainReason, string> = {
  'no-relevant-passages': 'No passage in these pages matches the question, so Claude was not asked.',
  'no-information': 'Claude read the most relevant passages and found no answer in them.',
  unverifiable: 'Claude answered, but none of its quotes could be found in the pages, so nothing is shown.',
  unsupported: 'Claude answered with quotes from the pages, but a second check found that they do not support its claims.',
};

/** "Not found" is an answer, shown as one: calm, with the reason. */
export function Abstention({ reason }: AbstentionProps) {
  return (
    <div class="abstention">
      <p class="abstention-title">Not found in these pages.</p>
      <p class="note">{WHY[reason]}</p>
    </div>
  );
}
