import type { RunState } from '@/lib/shared/storage';
import { Abstention } from './Abstention';
import { AnswerDetails } from './AnswerDetails';
import { ClaimItem } from './ClaimItem';
import { CoverageNote } from './CoverageNote';
import type { ShownCitation } from '@/lib/shared/run';

export interface AnswerViewProps {
  run: RunState;
  onReveal: (citation: ShownCitation) => void;
}

/** The verified answer, or the abstention, with what was read to reach it. */
export function AnswerView({ run, onReveal }: AnswerViewProps) {
  const outcome = run.outcome;
  if (!outcome) return null;
  return (
    <section class="answer" aria-labelledby="answer-heading">
      <h2 id="answer-heading">Answer</h2>
      {outcome.kind === 'abstain' ? (
        <Abstention reason={outcome.reason} />
      ) : (
        <>
          <ol class="claims">
            {outcome.claims.map((claim, i) => (
              <ClaimItem key={i} claim={claim} onReveal={onReveal} />
            ))}
          </ol>
          {outcome.judged?.policy === 'drop' && outcome.judged.unsupported > 0 && (
            <p class="note">
              {outcome.judged.unsupported === 1
                ? '1 claim was left out: a second check found that its quotes do not support it.'
                : `${outcome.judged.unsupported} claims were left out: a second check found that their quotes do not support them.`}
            </p>
          )}
          {outcome.droppedClaims > 0 && (
            <p class="note">
              {outcome.droppedClaims === 1
                ? '1 claim was left out: its quote could not be found in the pages.'
                : `${outcome.droppedClaims} claims were left out: their quotes could not be found in the pages.`}
            </p>
          )}
        </>
      )}
      <CoverageNote run={run} />
      <AnswerDetails run={run} />
    </section>
  );
}
