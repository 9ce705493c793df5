/**
 * The verified answer, or "not found" with what to try next, then its copy buttons, what was read
 * to reach it and its details. The model is named once, above its claims: the claims are its
 * words, the quotes behind the markers the pages'.
 */
import type { DoneRun } from '@/lib/shared/answer/run-state';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';
import { Abstention } from './Abstention';
import { AnswerBody } from './AnswerBody';
import { CopyAnswer } from './CopyAnswer';
import { LazyAnswerDetails, LazyCoverageNote } from './lazy-parts';
import { NotFoundNextSteps, type NextSteps } from './NotFoundNextSteps';

export interface AnswerViewProps {
  run: DoneRun;
  onReveal: (citation: ShownCitation) => void;
  /** The citation shown last (side panel), marked as current. */
  current?: ShownCitation | null;
  /** What "not found" offers: more tabs, chosen tabs, another wording. */
  nextSteps?: NextSteps;
}

export function AnswerView({ run, onReveal, current = null, nextSteps }: AnswerViewProps) {
  const outcome = run.outcome;
  if (!outcome) return null;
  return (
    <section class="answer" aria-labelledby="answer-heading">
      <div class="answer-head">
        <h2 id="answer-heading">{t('answer')}</h2>
        {run.model && outcome.kind === 'answer' && (
          <span class="answer-by">
            {t('answerBy')} <bdi>{run.model}</bdi>
          </span>
        )}
      </div>
      {outcome.kind === 'abstain' ? (
        <>
          <Abstention reason={outcome.reason} />
          {nextSteps && <NotFoundNextSteps scope={run.scope} {...nextSteps} />}
        </>
      ) : (
        <AnswerBody claims={outcome.claims} outcome={outcome} onReveal={onReveal} current={current} />
      )}
      <CopyAnswer question={run.question} outcome={outcome} />
      <LazyCoverageNote run={run} />
      <LazyAnswerDetails run={run} />
    </section>
  );
}
