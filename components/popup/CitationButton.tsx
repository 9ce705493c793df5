import { useEffect, useId, useRef } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/run';
import { useFavicon } from './favicons';
import { t } from '@/lib/shared/i18n';

export interface CitationButtonProps {
  citation: ShownCitation;
  onReveal: (citation: ShownCitation) => void;
  /** The quote shown last: marked, and scrolled into view when it becomes current. */
  current?: boolean;
}

/** A citation shown as its real source; the quote appears on hover and focus. */
export function CitationButton({ citation, onReveal, current = false }: CitationButtonProps) {
  const quoteId = useId();
  const ref = useRef<HTMLButtonElement>(null);
  const icon = useFavicon(citation);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  const page = citation.page !== undefined ? t('citationPage', citation.page) : '';
  return (
    <span class="citation">
      <button
        // Named as one phrase: the chip lays its parts out as boxes, which would split the name.
        aria-label={`${citation.title}${page} — ${citation.site}`}
        ref={ref}
        type="button"
        aria-describedby={quoteId}
        aria-current={current ? 'true' : undefined}
        onClick={() => onReveal(citation)}
      >
        {icon ? (
          <img class="citation-favicon" src={icon} alt="" width={16} height={16} referrerpolicy="no-referrer" />
        ) : (
          <span class="citation-favicon citation-favicon-none" aria-hidden="true" />
        )}
        <span class="citation-title">{citation.title}</span>
        {page && <span class="citation-page">{page}</span>}
        <span class="citation-site"> — {citation.site}</span>
      </button>
      <span role="tooltip" id={quoteId} class="citation-quote">
        {t('quoted', citation.literal)}
      </span>
    </span>
  );
}
