import type { DoneRun } from '@/lib/shared/answer/run-state';
import { formatNumber as n, t } from '@/lib/shared/core/i18n';

export interface AnswerDetailsProps {
  run: DoneRun;
}

/** What the answer cost and what it was built from, behind a "Details" disclosure. */
export function AnswerDetails({ run }: AnswerDetailsProps) {
  const usage = run.outcome?.usage;
  const plan = run.plan;
  if (!usage && !plan) return null;
  return (
    <details class="answer-details">
      <summary>{t('details')}</summary>
      <dl>
        {plan && (
          <>
            <dt>{t('passagesSent')}</dt>
            <dd>
              {plan.reused > 0
                ? t('passagesSentReused', plan.passages.length, plan.tokens, plan.budget, plan.reused)
                : t('passagesSentValue', plan.passages.length, plan.tokens, plan.budget)}
            </dd>
          </>
        )}
        {usage && (
          <>
            <dt>{t('inputTokens')}</dt>
            <dd>{n(usage.input + usage.cacheRead + usage.cacheWrite)}</dd>
            <dt>{t('cacheRead')}</dt>
            <dd>{n(usage.cacheRead)}</dd>
            <dt>{t('cacheWritten')}</dt>
            <dd>{n(usage.cacheWrite)}</dd>
            <dt>{t('outputTokens')}</dt>
            <dd>{n(usage.output)}</dd>
            <dt>{t('modelCalls')}</dt>
            <dd>{n(usage.calls)}</dd>
          </>
        )}
      </dl>
    </details>
  );
}
