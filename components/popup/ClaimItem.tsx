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
  const ordinals = samePageOrdinals(claim.citations);
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
      {claim.unchecked && (
        <p class="doubt unchecked">
          <strong>{t('notChecked')}</strong> {t('notCheckedNote')}
        </p>
      )}
      <ul class="citations" aria-label={t('sources')}>
        {claim.citations.map((c, i) => (
          <li key={`${c.passageId}-${i}`}>
            <CitationButton citation={c} onReveal={onReveal} current={c === current} ordinal={ordinals[i]} />
            <blockquote class="page-words" aria-label={t('pageWordsLabel', c.literal)}>
              {t('quoted', c.literal)}
            </blockquote>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Each quote's place among the claim's quotes of the same page (and PDF page), for the chips
 * that would otherwise look the same; undefined for a page quoted once.
 */
function samePageOrdinals(citations: ShownCitation[]): Array<{ n: number; of: number } | undefined> {
  const key = (c: ShownCitation) => `${c.url.split('#')[0]}\u0000${c.frameId}\u0000${c.page ?? ''}`;
  const totals = new Map<string, number>();
  for (const c of citations) totals.set(key(c), (totals.get(key(c)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return citations.map((c) => {
    const of = totals.get(key(c))!;
    if (of < 2) return undefined;
    const n = (seen.get(key(c)) ?? 0) + 1;
    seen.set(key(c), n);
    return { n, of };
  });
}
