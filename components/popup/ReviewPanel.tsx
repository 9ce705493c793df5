import type { RunState } from '@/lib/shared/storage';
import { siteOf } from '@/lib/shared/site';

export interface ReviewPanelProps {
  run: RunState;
  /** The API's host, where the fragments would go. */
  destination: string;
  onSend: () => void;
  onCancel: () => void;
}

/**
 * "Review before sending": exactly what would leave the machine, fragment by fragment with its
 * source, and the question, before anything is sent. Send or Cancel.
 */
export function ReviewPanel({ run, destination, onSend, onCancel }: ReviewPanelProps) {
  const plan = run.plan;
  if (!plan) return null;
  const n = plan.passages.length;
  const turns = plan.history?.length ?? 0;
  return (
    <section class="review" aria-labelledby="review-heading">
      <h2 id="review-heading">Review before sending</h2>
      <p class="note">
        Your question and {n === 1 ? 'this passage' : `these ${n} passages`} (about {plan.tokens.toLocaleString('en')} tokens)
        will be sent to {destination}.
        {turns > 0 &&
          ` With them go the ${turns === 1 ? 'earlier question' : `${turns} earlier questions`} of this thread and their answers${
            plan.reused > 0
              ? `, and the first ${plan.reused === 1 ? 'passage was' : `${plan.reused} passages were`} sent with them before`
              : ''
          }.`}
      </p>
      <ol class="fragments" aria-label="Passages to send">
        {plan.passages.map((p, i) => (
          <li key={`${p.tabId}-${p.frameId}-${p.id}`}>
            <p class="fragment-source">
              {p.title || siteOf(p.url)} — {siteOf(p.url)}
              {p.selection ? ' (your selection)' : ''}
              {i < plan.reused ? ' (sent earlier in this thread)' : ''}
            </p>
            <p class="fragment-text">{p.text}</p>
          </li>
        ))}
      </ol>
      <div class="review-actions">
        <button type="button" onClick={onSend}>
          Send
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
