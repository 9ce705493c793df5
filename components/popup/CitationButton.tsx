import { useId } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/run';

export interface CitationButtonProps {
  citation: ShownCitation;
  onReveal: (citation: ShownCitation) => void;
}

/** A citation shown as its real source; the quote appears on hover and focus. */
export function CitationButton({ citation, onReveal }: CitationButtonProps) {
  const quoteId = useId();
  return (
    <span class="citation">
      <button type="button" aria-describedby={quoteId} onClick={() => onReveal(citation)}>
        <span class="citation-title">{citation.title}</span>
        <span class="citation-site"> — {citation.site}</span>
      </button>
      <span role="tooltip" id={quoteId} class="citation-quote">
        “{citation.literal}”
      </span>
    </span>
  );
}
