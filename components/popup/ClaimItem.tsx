import { CitationButton } from './CitationButton';
import type { ShownCitation, ShownClaim } from '@/lib/shared/run';

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
        <span class="speaker">Claude: </span>
        {claim.text}
      </p>
      {claim.doubt && (
        <p class="doubt">
          <strong>Doubtful:</strong> a second check found that the quotes may not support this claim. {claim.doubt}
        </p>
      )}
      <ul class="citations" aria-label="Sources">
        {claim.citations.map((c, i) => (
          <li key={`${c.passageId}-${i}`}>
            <CitationButton citation={c} onReveal={onReveal} current={c === current} />
            <blockquote class="page-words" aria-label={`The page’s words, checked: ${c.literal}`}>
              “{c.literal}”
            </blockquote>
          </li>
        ))}
      </ul>
    </li>
  );
}
