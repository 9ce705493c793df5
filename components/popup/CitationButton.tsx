/**
 * A search result's source (no key set: no answer, only the passages that best match), shown as
 * a chip: the site first and never cut off (the browser reports it for the tab, the page cannot
 * choose it), then the page's title, shortened when space runs out. A click reveals the quote.
 */
import { useId } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';
import { citationParts } from './citation-name';
import { useFavicon } from './favicons';
import { SourceIcon } from './SourceIcon';

export interface CitationButtonProps {
  citation: ShownCitation;
  onReveal: (citation: ShownCitation) => void;
}

export function CitationButton({ citation, onReveal }: CitationButtonProps) {
  const icon = useFavicon(citation);
  const quoteId = useId();
  const p = citationParts(citation);
  return (
    <span class="citation">
      <button type="button" class="chip" aria-label={p.name} aria-describedby={quoteId} onClick={() => onReveal(citation)}>
        <SourceIcon src={icon} />
        {/* The site and the title each in their own direction, whatever the screen's. */}
        <bdi class="citation-site">{p.site}</bdi>
        <span class="citation-sep" aria-hidden="true">
          {' — '}
        </span>
        <bdi class="citation-title">{p.title}</bdi>
        {p.where && <span class="citation-page">{p.where}</span>}
        {p.joined && <span class="citation-joined">{` · ${p.joined}`}</span>}
      </button>
      <span id={quoteId} hidden>
        {t('quoted', citation.literal)}
      </span>
    </span>
  );
}
