/**
 * One earlier question of the thread and what it got: its verified claims with their citations
 * (still clickable: a click reveals the quote as for the latest answer), "not found", or the
 * search results found without a key (or that the question named nothing to search for).
 */
import type { ShownCitation } from '@/lib/shared/run';
import type { Turn } from '@/lib/shared/thread';
import { Abstention } from './Abstention';
import { CitationButton } from './CitationButton';
import { ClaimItem } from './ClaimItem';
import { t } from '@/lib/shared/i18n';

export interface TurnItemProps {
  turn: Turn;
  onReveal: (citation: ShownCitation) => void;
}

export function TurnItem({ turn, onReveal }: TurnItemProps) {
  const outcome = turn.outcome;
  return (
    <li class="turn">
      <p class="turn-question">{turn.question}</p>
      {outcome?.kind === 'answer' && (
        <ol class="claims">
          {outcome.claims.map((claim, i) => (
            <ClaimItem key={i} claim={claim} onReveal={onReveal} />
          ))}
        </ol>
      )}
      {outcome?.kind === 'abstain' && <Abstention reason={outcome.reason} />}
      {!outcome && turn.searchTooGeneral && <p class="abstention-title">{t('searchTooGeneral')}</p>}
      {!outcome && turn.results && !turn.searchTooGeneral && (
        <ol class="results" aria-label={t('searchResults')}>
          {turn.results.map((hit) => (
            <li key={`${hit.tabId}-${hit.frameId}-${hit.passageId}`} class="result">
              <blockquote>{hit.literal}</blockquote>
              <CitationButton citation={hit} onReveal={onReveal} />
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
