import type { ReviewRun } from '@/lib/shared/answer/run-state';
import { siteOf } from '@/lib/shared/answer/site';
import { plural, t } from '@/lib/shared/core/i18n';

export interface ReviewPanelProps {
  run: ReviewRun;
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
  const n = plan.passages.length;
  const turns = plan.history?.length ?? 0;
  return (
    <section class="review" aria-labelledby="review-heading">
      <h2 id="review-heading">{t('reviewHeading')}</h2>
      <p class="note">
        {plural('reviewSend', n, plan.tokens, destination)}
        {turns > 0 && ` ${plural('reviewHistory', turns, plan.reused > 0 ? plural('reviewReused', plan.reused) : '')}`}
      </p>
      <ol class="fragments" aria-label={t('passagesToSend')}>
        {plan.passages.map((p, i) => (
          <li key={`${p.tabId}-${p.frameId}-${p.id}`}>
            <p class="fragment-source">
              <bdi>{p.title || siteOf(p.url)}</bdi> — <bdi>{siteOf(p.url)}</bdi>
              {p.selection ? ` ${t('yourSelectionMark')}` : ''}
              {i < plan.reused ? ` ${t('sentEarlierMark')}` : ''}
            </p>
            <p class="fragment-text" dir="auto">
              {p.text}
            </p>
          </li>
        ))}
      </ol>
      <div class="review-actions">
        <button type="button" onClick={onSend}>
          {t('send')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}
