import type { RunState } from '@/lib/shared/storage';
import { CitationButton } from './CitationButton';
import type { ShownCitation } from '@/lib/shared/run';

export interface SearchResultsProps {
  run: RunState;
  onReveal: (citation: ShownCitation) => void;
}

/**
 * Without an API key: the passages that best match the question, found on this machine. Shown
 * as search results, never as an answer: quotes of the pages, each with its source, which a
 * click highlights in its page.
 */
export function SearchResults({ run, onReveal }: SearchResultsProps) {
  const hits = run.results ?? [];
  const c = run.coverage;
  return (
    <section class="search-results" aria-labelledby="search-results-heading">
      <h2 id="search-results-heading">Search results</h2>
      <p class="note">
        These are the passages of your pages that best match the question, found on this computer: search results, not an answer.
        Nothing was sent. With an API key, Claude answers from them.
      </p>
      {hits.length === 0 ? (
        <p class="abstention-title">No passage in these pages matches the question.</p>
      ) : (
        <ol class="results">
          {hits.map((hit) => (
            <li key={`${hit.tabId}-${hit.frameId}-${hit.passageId}`} class="result">
              <blockquote>{hit.literal}</blockquote>
              <CitationButton citation={hit} onReveal={onReveal} />
            </li>
          ))}
        </ol>
      )}
      {c && (
        <p class="note">
          Searched {c.tabs} {c.tabs === 1 ? 'tab' : 'tabs'} ({c.passages} passages).
        </p>
      )}
    </section>
  );
}
