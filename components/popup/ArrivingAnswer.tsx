/**
 * The claims of an answer still arriving: each is shown as soon as its quotes are verified, with
 * its markers clickable, while the model writes the rest. The finished answer (AnswerView) takes
 * its place and keeps every one of them.
 */
import type { ShownCitation, ShownClaim } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';
import { AnswerBody } from './AnswerBody';

export interface ArrivingAnswerProps {
  claims: ShownClaim[];
  onReveal: (citation: ShownCitation) => void;
}

export function ArrivingAnswer({ claims, onReveal }: ArrivingAnswerProps) {
  if (claims.length === 0) return null;
  return (
    <section class="answer arriving" aria-labelledby="answer-so-far-heading">
      <div class="answer-head">
        <h2 id="answer-so-far-heading">{t('answerSoFar')}</h2>
      </div>
      <AnswerBody claims={claims} onReveal={onReveal} />
    </section>
  );
}
