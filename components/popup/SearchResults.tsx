import type { DoneRun } from '@/lib/shared/answer/run-state';
import { CitationButton } from './CitationButton';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { plural, t } from '@/lib/shared/core/i18n';

export interface SearchResultsProps {
  run: DoneRun;
  onReveal: (citation: ShownCitation) => void;
}

/**
 * Without an API key: the passages that best match the question, found on this machine. Shown
 * as search results, never as an answer: quotes of the pages, each with its source, which a
 * click highlights in its page. A question too general for a search was not searched: it says to
 * ask a model.
 */
export function SearchResults({ run, onReveal }: SearchResultsProps) {
  const hits = run.results ?? [];
  const c = run.coverage;
  return (
    <section class="search-results" aria-labelledby="search-results-heading">
      <h2 id="search-results-heading">{t('searchResults')}</h2>
      <p class="note">{t('searchResultsNote')}</p>
      {run.searchTooGeneral ? (
        <p class="abstention-title">{t('searchTooGeneral')}</p>
      ) : hits.length === 0 ? (
        <p class="abstention-title">{t('noMatchingPassage')}</p>
      ) : (
        <ol class="results">
          {hits.map((hit) => (
            <li key={`${hit.tabId}-${hit.frameId}-${hit.passageId}`} class="result">
              <blockquote dir="auto">{hit.literal}</blockquote>
              <CitationButton citation={hit} onReveal={onReveal} />
            </li>
          ))}
        </ol>
      )}
      {c && <p class="note">{plural('searchedTabs', c.tabs, plural('coveragePassages', c.passages))}</p>}
    </section>
  );
}
