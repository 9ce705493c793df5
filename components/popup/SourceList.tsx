/**
 * The answer's sources, listed once under it: each page's number (the markers after the claims),
 * favicon, title and site. The site is the browser's word for the tab and is never cut; the
 * page's own title gives way first. Titles and sites are the pages' text, isolated so that one
 * written right to left cannot reorder what is around it.
 */
import type { AnswerSource } from '@/lib/shared/answer/sources';
import { t } from '@/lib/shared/core/i18n';
import { SourceItem } from './SourceItem';

export function SourceList({ sources }: { sources: AnswerSource[] }) {
  if (sources.length === 0) return null;
  return (
    <ol class="sources" aria-label={t('sources')}>
      {sources.map((s) => (
        <SourceItem key={s.n} source={s} />
      ))}
    </ol>
  );
}
