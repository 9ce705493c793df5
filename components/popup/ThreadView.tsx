/**
 * The thread's earlier questions, oldest first, each with its answer: the conversation the
 * latest answer (the region "Answer", shown by the popup after this) continues.
 */
import type { ShownCitation } from '@/lib/shared/answer/run';
import type { Turn } from '@/lib/shared/answer/thread';
import { TurnItem } from './TurnItem';
import { t } from '@/lib/shared/core/i18n';

export interface ThreadViewProps {
  turns: Turn[];
  onReveal: (citation: ShownCitation) => void;
}

export function ThreadView({ turns, onReveal }: ThreadViewProps) {
  if (turns.length === 0) return null;
  return (
    <section class="thread" aria-labelledby="thread-heading">
      <h2 id="thread-heading">{t('earlierInThread')}</h2>
      <ol class="turns">
        {turns.map((turn) => (
          <TurnItem key={turn.id} turn={turn} onReveal={onReveal} />
        ))}
      </ol>
    </section>
  );
}
