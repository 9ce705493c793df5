/**
 * The claims of an answer still arriving: each is shown as soon as its quotes are verified, with
 * its sources clickable, while the model writes the rest. The finished answer (AnswerView) takes
 * its place and keeps every one of them.
 */
import { ClaimItem } from './ClaimItem';
import type { ShownCitation, ShownClaim } from '@/lib/shared/run';
import { t } from '@/lib/shared/i18n';

export interface ArrivingAnswerProps {
  claims: ShownClaim[];
  onReveal: (citation: ShownCitation) => void;
}

export function ArrivingAnswer({ claims, onReveal }: ArrivingAnswerProps) {
  if (claims.length === 0) return null;
  return (
    <section class="answer arriving" aria-labelledby="answer-so-far-heading">
      <h2 id="answer-so-far-heading">{t('answerSoFar')}</h2>
      <ol class="claims">
        {claims.map((claim, i) => (
          <ClaimItem key={i} claim={claim} onReveal={onReveal} />
        ))}
      </ol>
    </section>
  );
}
