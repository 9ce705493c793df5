import { useEffect, useId, useRef } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/run';
import { useFavicon } from './favicons';
import { t } from '@/lib/shared/i18n';
import { formatMoment } from '@/lib/shared/video-moment';

export interface CitationButtonProps {
  citation: ShownCitation;
  onReveal: (citation: ShownCitation) => void;
  /** The quote shown last: marked, and scrolled into view when it becomes current. */
  current?: boolean;
  /** This quote's place among its claim's quotes of the same page, when there are several. */
  ordinal?: { n: number; of: number };
}

/**
 * A citation shown as its real source; the quote appears on hover and focus. The site comes
 * first and is never cut off: it is what the browser reports for the tab (or the frame's own
 * address), which a page cannot choose, while the title and favicon are the page's own and can
 * copy another site's. Only the title is shortened when space runs out. A quote joined from spans
 * of its passage ("A … B") says so on the chip itself, not only in its tooltip: the words between
 * were left out, and the reader should know before trusting the join.
 */
export function CitationButton({ citation, onReveal, current = false, ordinal }: CitationButtonProps) {
  const quoteId = useId();
  const ref = useRef<HTMLButtonElement>(null);
  const icon = useFavicon(citation);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  // A PDF's page, or the moment of a video its quote is said at ("2:31").
  const page =
    citation.page !== undefined
      ? t('citationPage', citation.page)
      : citation.video
        ? t('citationMoment', formatMoment(citation.video.startMs))
        : '';
  // A passage read in an embedded frame is that frame's site's words, shown on the tab's page.
  const inFrame = citation.frameId !== 0;
  const title = inFrame ? t('citationInFrame', citation.title) : citation.title;
  const nth = ordinal ? t('citationOrdinal', ordinal.n, ordinal.of) : '';
  const joined = citation.parts && citation.parts.length > 1 ? t('citationJoined', citation.parts.length) : '';
  return (
    <span class="citation">
      <button
        // Named as one phrase, in the order it is shown (site first): the chip lays its parts out
        // as boxes, which would split the name, and a name must hold the visible words in order.
        aria-label={`${citation.site} — ${title}${page}${nth ? `, ${nth}` : ''}${joined ? `, ${joined}` : ''}`}
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
        <span class="citation-site">{citation.site}</span>
        <span class="citation-sep" aria-hidden="true">
          {' — '}
        </span>
        <span class="citation-title">{title}</span>
        {page && <span class="citation-page">{page}</span>}
        {nth && <span class="citation-ordinal">{` · ${nth}`}</span>}
        {joined && <span class="citation-joined">{` · ${joined}`}</span>}
      </button>
      <span role="tooltip" id={quoteId} class="citation-quote">
        {t('quoted', citation.literal)}
      </span>
    </span>
  );
}
