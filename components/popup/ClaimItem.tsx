import { CitationButton } from './CitationButton';
import type { ShownCitation, ShownClaim } from '@/lib/shared/run';

export interface ClaimItemProps {
  claim: ShownClaim;
  onReveal: (citation: ShownCitation) => void;
}

/** One verified claim and the sources that back it. */
export function ClaimItem({ claim, onReveal }: ClaimItemProps) {
  return (
    <li class="claim">
      <p>{claim.text}</p>
      {claim.doubt && (
        <p class="doubt">
          <strong>Doubtful:</strong> a second check found that the quotes may not support this claim. {claim.doubt}
        </p>
      )}
      <ul class="citations" aria-label="Sources">
        {claim.citations.map((c, i) => (
          <li key={`${c.passageId}-${i}`}>
            <CitationButton citation={c} onReveal={onReveal} />
          </li>
        ))}
      </ul>
    </li>
  );
}
