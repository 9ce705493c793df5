import type { DoneRun } from '@/lib/shared/run-state';
import { Abstention } from './Abstention';
import { LazyAnswerDetails, LazyCoverageNote } from './lazy-parts';
import { ClaimItem } from './ClaimItem';
import { CopyAnswer } from './CopyAnswer';
import type { ShownCitation } from '@/lib/shared/run';
import { plural, t } from '@/lib/shared/i18n';

export interface AnswerViewProps {
  run: DoneRun;
  onReveal: (citation: ShownCitation) => void;
  /** The citation shown last (side panel), marked as current. */
  current?: ShownCitation | null;
}

/** The verified answer, or the abstention, with what was read to reach it. */
export function AnswerView({ run, onReveal, current = null }: AnswerViewProps) {
  const outcome = run.outcome;
  if (!outcome) return null;
  return (
    <section class="answer" aria-labelledby="answer-heading">
      <h2 id="answer-heading">{t('answer')}</h2>
      {outcome.kind === 'abstain' ? (
        <Abstention reason={outcome.reason} />
      ) : (
        <>
          <ol class="claims">
            {outcome.claims.map((claim, i) => (
              <ClaimItem key={i} claim={claim} onReveal={onReveal} current={current} />
            ))}
          </ol>
          {outcome.judged?.policy === 'drop' && outcome.judged.unsupported > 0 && (
            <p class="note">{plural('claimsUnsupported', outcome.judged.unsupported)}</p>
          )}
          {outcome.droppedClaims > 0 && <p class="note">{plural('claimsDropped', outcome.droppedClaims)}</p>}
        </>
      )}
      <CopyAnswer question={run.question} outcome={outcome} />
      <LazyCoverageNote run={run} />
      <LazyAnswerDetails run={run} />
    </section>
  );
}
