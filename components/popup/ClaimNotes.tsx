/**
 * What the second check (the judge) said of an answer's claims, said once under the answer
 * instead of under every claim: how many it doubted (marked "?") and how many it could not check
 * (marked "!"), and the claims it left out. Quiet notes: the claims stay the content.
 */
import type { Outcome, ShownClaim } from '@/lib/shared/answer/run';
import { plural } from '@/lib/shared/core/i18n';

export interface ClaimNotesProps {
  claims: ShownClaim[];
  outcome?: Extract<Outcome, { kind: 'answer' }>;
}

export function ClaimNotes({ claims, outcome }: ClaimNotesProps) {
  const doubted = claims.filter((c) => c.doubt).length;
  const unchecked = claims.filter((c) => c.unchecked).length;
  const notes = [
    ...(doubted > 0 ? [plural('claimsDoubted', doubted)] : []),
    ...(unchecked > 0 ? [plural('claimsUnchecked', unchecked)] : []),
    ...(outcome?.judged?.policy === 'drop' && outcome.judged.unsupported > 0
      ? [plural('claimsUnsupported', outcome.judged.unsupported)]
      : []),
    ...(outcome && outcome.droppedClaims > 0 ? [plural('claimsDropped', outcome.droppedClaims)] : []),
  ];
  if (notes.length === 0) return null;
  return (
    <div class="claim-notes">
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  );
}
