/**
 * The one accessible name of a citation, wherever it is shown (a numbered marker after a claim, a
 * chip of a search result): its site first, then its page's title, a PDF's page or a video's
 * moment ("2:31"), its place among a claim's quotes of the same page, and whether it joins spans.
 * Tests and screen readers find citations by it, so every form of citation says the same.
 */
import type { ShownCitation } from '@/lib/shared/answer/run';
import { formatMoment, t } from '@/lib/shared/core/i18n';

export interface CitationParts {
  site: string;
  /** The page's title, "in a frame on …" when the words were read in an embedded frame. */
  title: string;
  /** ", p. 2" or ", 2:31", or nothing. */
  where: string;
  /** "quote 1 of 2", or nothing. */
  nth: string;
  /** "joined from 2 spans", or nothing. */
  joined: string;
  /** All of it, as one phrase in the order shown. */
  name: string;
}

export function citationParts(citation: ShownCitation, ordinal?: { n: number; of: number }): CitationParts {
  const where =
    citation.page !== undefined
      ? t('citationPage', citation.page)
      : citation.video
        ? t('citationMoment', formatMoment(citation.video.startMs))
        : '';
  const title = citation.frameId !== 0 ? t('citationInFrame', citation.title) : citation.title;
  const nth = ordinal ? t('citationOrdinal', ordinal.n, ordinal.of) : '';
  const joined = citation.parts && citation.parts.length > 1 ? t('citationJoined', citation.parts.length) : '';
  const name = `${citation.site} — ${title}${where}${nth ? `, ${nth}` : ''}${joined ? `, ${joined}` : ''}`;
  return { site: citation.site, title, where, nth, joined, name };
}
