/**
 * One verified claim: the model's words, then a numbered marker per citation (the number of its
 * page among the sources listed under the answer). The quotes are the pages' own words and are
 * never shown as the claim's: a marker hovered or focused opens its quote under the claim. A
 * claim the second check doubted carries a small mark and the check's reason in one short line; one
 * it could not check, a mark alone. The answer says what the marks mean once (ClaimNotes).
 */
import { useState } from 'preact/hooks';
import type { ShownCitation, ShownClaim } from '@/lib/shared/answer/run';
import { samePageOrdinals } from '@/lib/shared/answer/sources';
import { t } from '@/lib/shared/core/i18n';
import { CitationMarker } from './CitationMarker';
import { QuotePreview } from './QuotePreview';

export interface ClaimItemProps {
  claim: ShownClaim;
  /** The number of a citation's page among the answer's sources. */
  numberOf: (citation: ShownCitation) => number;
  onReveal: (citation: ShownCitation) => void;
  current?: ShownCitation | null;
}

export function ClaimItem({ claim, numberOf, onReveal, current = null }: ClaimItemProps) {
  const ordinals = samePageOrdinals(claim.citations);
  const [peek, setPeek] = useState<number | null>(null);
  const currentHere = claim.citations.indexOf(current as ShownCitation);
  const open = peek ?? (currentHere >= 0 ? currentHere : null);
  const shown = open === null ? undefined : claim.citations[open];
  return (
    <li class="claim">
      <p class="claim-text">
        <span class="model-words" dir="auto">
          {claim.text}
        </span>
        {claim.doubt && (
          <span class="claim-flag" aria-hidden="true">
            ?
          </span>
        )}
        {claim.unchecked && (
          <span class="claim-flag" role="img" aria-label={t('notChecked')}>
            !
          </span>
        )}
        <span class="markers" role="group" aria-label={t('sources')}>
          {claim.citations.map((c, i) => (
            <CitationMarker
              key={`${c.passageId}-${i}`}
              citation={c}
              n={numberOf(c)}
              ordinal={ordinals[i]}
              onReveal={onReveal}
              current={c === current}
              onPeek={(on) => setPeek((was) => (on ? i : was === i ? null : was))}
            />
          ))}
        </span>
      </p>
      {claim.doubt && (
        <p class="claim-doubt">
          {t('doubtful')} <span dir="auto">{claim.doubt}</span>
        </p>
      )}
      {shown && <QuotePreview citation={shown} />}
    </li>
  );
}
