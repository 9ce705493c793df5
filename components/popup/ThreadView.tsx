/**
 * The thread's earlier questions, oldest first, each with its answer: the conversation the
 * latest answer (the region "Answer", shown by the popup after this) continues.
 */
import type { ShownCitation } from '@/lib/shared/run';
import type { Turn } from '@/lib/shared/thread';
import { TurnItem } from './TurnItem';
import { t } from '@/lib/shared/i18n';

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
