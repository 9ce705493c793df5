/**
 * An answer's claims with their numbered markers, what the second check said of them (once), and
 * the sources the numbers stand for: the same body for the answer as it arrives, the finished
 * one, an earlier turn of the thread and a thread reopened from the history.
 */
import { useMemo } from 'preact/hooks';
import type { Outcome, ShownCitation, ShownClaim } from '@/lib/shared/answer/run';
import { numberSources } from '@/lib/shared/answer/sources';
import { ClaimItem } from './ClaimItem';
import { ClaimNotes } from './ClaimNotes';
import { SourceList } from './SourceList';

export interface AnswerBodyProps {
  claims: ShownClaim[];
  /** The finished answer's outcome, for the claims it left out. */
  outcome?: Extract<Outcome, { kind: 'answer' }>;
  onReveal: (citation: ShownCitation) => void;
  current?: ShownCitation | null;
}

export function AnswerBody({ claims, outcome, onReveal, current = null }: AnswerBodyProps) {
  const { sources, numberOf } = useMemo(() => numberSources(claims), [claims]);
  return (
    <>
      <ol class="claims">
        {claims.map((claim, i) => (
          <ClaimItem key={i} claim={claim} numberOf={numberOf} onReveal={onReveal} current={current} />
        ))}
      </ol>
      <ClaimNotes claims={claims} outcome={outcome} />
      <SourceList sources={sources} />
    </>
  );
}
