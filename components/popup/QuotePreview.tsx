/**
 * The quote of the marker hovered or focused (or, in the side panel, of the citation shown last),
 * opened under its claim in the flow of the text: it pushes what follows down instead of covering
 * it, and is shown once, never beside a copy. The page's words in the screen's own type, italic,
 * behind a quote bar, with the source they come from (and, for spans joined by "…", how many). Its words are said by the marker itself
 * (its description), so screen readers are not told them twice.
 */
import type { ShownCitation } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';
import { citationParts } from './citation-name';

export function QuotePreview({ citation }: { citation: ShownCitation }) {
  const p = citationParts(citation);
  return (
    <figure class="quote-preview" aria-hidden="true">
      <blockquote dir="auto">{t('quoted', citation.literal)}</blockquote>
      <figcaption>
        <bdi>{p.site}</bdi> · <bdi>{p.title}</bdi>
        {p.where}
        {p.joined && `, ${p.joined}`}
      </figcaption>
    </figure>
  );
}
