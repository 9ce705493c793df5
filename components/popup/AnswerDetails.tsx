import type { RunState } from '@/lib/shared/storage';

export interface AnswerDetailsProps {
  run: RunState;
}

const n = (x: number) => x.toLocaleString('en');

/** What the answer cost and what it was built from, behind a "Details" disclosure. */
export function AnswerDetails({ run }: AnswerDetailsProps) {
  const usage = run.outcome?.usage;
  const plan = run.plan;
  if (!usage && !plan) return null;
  return (
    <details class="answer-details">
      <summary>Details</summary>
      <dl>
        {plan && (
          <>
            <dt>Passages sent</dt>
            <dd>
              {plan.passages.length} (about {n(plan.tokens)} tokens; budget {n(plan.budget)})
              {plan.reused > 0 ? `, ${plan.reused} of them as sent with the previous question, for the prompt cache` : ''}
            </dd>
          </>
        )}
        {usage && (
          <>
            <dt>Input tokens</dt>
            <dd>{n(usage.input + usage.cacheRead + usage.cacheWrite)}</dd>
            <dt>Read from the cache</dt>
            <dd>{n(usage.cacheRead)}</dd>
            <dt>Written to the cache</dt>
            <dd>{n(usage.cacheWrite)}</dd>
            <dt>Output tokens</dt>
            <dd>{n(usage.output)}</dd>
            <dt>Model calls</dt>
            <dd>{usage.calls}</dd>
          </>
        )}
      </dl>
    </details>
  );
}
