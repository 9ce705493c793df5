import { CitationButton } from './CitationButton';
import type { ShownCitation, ShownClaim } from '@/lib/shared/run';
import { t } from '@/lib/shared/i18n';

export interface ClaimItemProps {
  claim: ShownClaim;
  onReveal: (citation: ShownCitation) => void;
  current?: ShownCitation | null;
}

/**
 * One verified claim and the sources that back it. The claim's wording is Claude's and says so;
 * only the quotes are the pages' own words, shown as such: a page that slipped instructions to
 * Claude can shape the wording, not pass it off as what a page says.
 */
export function ClaimItem({ claim, onReveal, current = null }: ClaimItemProps) {
  return (
    <li class="claim">
      <p class="model-words">
        <span class="speaker">{t('claudeSpeaker')} </span>
        {claim.text}
      </p>
      {claim.doubt && (
        <p class="doubt">
          <strong>{t('doubtful')}</strong> {t('doubtNote')} {claim.doubt}
        </p>
      )}
      <ul class="citations" aria-label={t('sources')}>
        {claim.citations.map((c, i) => (
          <li key={`${c.passageId}-${i}`}>
            <CitationButton citation={c} onReveal={onReveal} current={c === current} />
            <blockquote class="page-words" aria-label={t('pageWordsLabel', c.literal)}>
              {t('quoted', c.literal)}
            </blockquote>
          </li>
        ))}
      </ul>
    </li>
  );
}
