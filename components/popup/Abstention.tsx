import type { AbstainReason } from '@/lib/shared/answer/run';
import { t, type MessageKey } from '@/lib/shared/core/i18n';

export interface AbstentionProps {
  reason: AbstainReason;
}

const WHY: Record<AbstainReason, MessageKey> = {
  'no-relevant-passages': 'abstainNoRelevantPassages',
  'no-information': 'abstainNoInformation',
  unverifiable: 'abstainUnverifiable',
  unsupported: 'abstainUnsupported',
};

/** "Not found" is an answer, shown as one: calm, with the reason. */
export function Abstention({ reason }: AbstentionProps) {
  return (
    <div class="abstention">
      <p class="abstention-title">{t('notFound')}</p>
      <p class="note">{t(WHY[reason])}</p>
    </div>
  );
}
