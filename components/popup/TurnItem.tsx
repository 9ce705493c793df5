/**
 * One earlier question of the thread, folded to one line (the question and what it got: how many
 * claims, "not found", how many results) and opened on a click: its verified claims with their
 * markers (still live: a click reveals the quote as for the latest answer), "not found", or the
 * search results found without a key.
 */
import type { ShownCitation } from '@/lib/shared/answer/run';
import type { Turn } from '@/lib/shared/answer/thread';
import { Abstention } from './Abstention';
import { AnswerBody } from './AnswerBody';
import { CitationButton } from './CitationButton';
import { plural, t } from '@/lib/shared/core/i18n';

export interface TurnItemProps {
  turn: Turn;
  onReveal: (citation: ShownCitation) => void;
}

/** What a turn got, in a few words, for its folded line. */
function gist(turn: Turn): string {
  const o = turn.outcome;
  if (o?.kind === 'answer') return plural('turnClaims', o.claims.length);
  if (o?.kind === 'abstain') return t('turnNotFound');
  if (turn.searchTooGeneral) return t('turnNotSearched');
  return plural('turnResults', turn.results?.length ?? 0);
}

export function TurnItem({ turn, onReveal }: TurnItemProps) {
  const outcome = turn.outcome;
  return (
    <li class="turn">
      <details>
        <summary>
          <bdi class="turn-question">{turn.question}</bdi>
          <span class="turn-gist">{gist(turn)}</span>
        </summary>
        <div class="turn-body">
          {outcome?.kind === 'answer' && <AnswerBody claims={outcome.claims} outcome={outcome} onReveal={onReveal} />}
          {outcome?.kind === 'abstain' && <Abstention reason={outcome.reason} />}
          {!outcome && turn.searchTooGeneral && <p class="abstention-title">{t('searchTooGeneral')}</p>}
          {!outcome && turn.results && !turn.searchTooGeneral && (
            <ol class="results" aria-label={t('searchResults')}>
              {turn.results.map((hit) => (
                <li key={`${hit.tabId}-${hit.frameId}-${hit.passageId}`} class="result">
                  <blockquote dir="auto">{hit.literal}</blockquote>
                  <CitationButton citation={hit} onReveal={onReveal} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </details>
    </li>
  );
}
