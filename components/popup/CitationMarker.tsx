/**
 * A citation after its claim, as a compact numbered marker ("1", "2": the number of its page in
 * the sources listed under the answer; a video's moment, "2:31"). Its accessible name is what it
 * shows followed by the citation's whole name (site, title, a video's moment…), so screen
 * readers, speech input and tests find it by its page; its quote is its
 * description, and is shown under the claim while the marker is hovered or focused. A click
 * switches to the page and highlights the quote there.
 */
import { useEffect, useId, useRef } from 'preact/hooks';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { formatMoment, t } from '@/lib/shared/core/i18n';
import { citationParts } from './citation-name';

export interface CitationMarkerProps {
  citation: ShownCitation;
  /** The number of the citation's page among the answer's sources. */
  n: number;
  /** This quote's place among its claim's quotes of the same page, when there are several. */
  ordinal?: { n: number; of: number };
  onReveal: (citation: ShownCitation) => void;
  /** The quote shown last (side panel): marked, and scrolled into view when it becomes current. */
  current?: boolean;
  /** Hovered or focused: its quote is shown under the claim (the claim keeps which). */
  onPeek: (open: boolean) => void;
}

export function CitationMarker({ citation, n, ordinal, onReveal, current = false, onPeek }: CitationMarkerProps) {
  const quoteId = useId();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);
  const p = citationParts(citation, ordinal);
  // A video's moment ("2:31"), which its name already holds; else the number of its page: "1",
  // "1·2" for the second quote of page 1 in this claim, put before the name so that the name
  // holds what the marker shows (speech input: "click 2").
  const label = citation.video ? formatMoment(citation.video.startMs) : ordinal ? `${n}·${ordinal.n}` : String(n);
  const name = citation.video ? p.name : `${label}: ${p.name}`;
  return (
    <>
      <button
        type="button"
        class="marker"
        ref={ref}
        aria-label={name}
        aria-describedby={quoteId}
        aria-current={current ? 'true' : undefined}
        // "1·2" is a number: in a right-to-left screen it would read "2·1" without this.
        dir="ltr"
        onClick={() => onReveal(citation)}
        onMouseEnter={() => onPeek(true)}
        onMouseLeave={() => onPeek(false)}
        onFocus={() => onPeek(true)}
        onBlur={() => onPeek(false)}
      >
        {label}
      </button>
      <span id={quoteId} hidden>
        {t('quoted', citation.literal)}
      </span>
    </>
  );
}
