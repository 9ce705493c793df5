/** One source under the answer: its number, favicon, title and site. */
import type { AnswerSource } from '@/lib/shared/answer/sources';
import { citationParts } from './citation-name';
import { useFavicon } from './favicons';
import { SourceIcon } from './SourceIcon';

export function SourceItem({ source }: { source: AnswerSource }) {
  const icon = useFavicon(source.citation);
  const p = citationParts({ ...source.citation, page: undefined, video: undefined });
  return (
    <li class="source">
      <span class="source-n" aria-hidden="true">
        {source.n}
      </span>
      <SourceIcon src={icon} />
      {/* The site first and whole: the browser's word for the tab, which a page's title cannot fake. */}
      <span class="source-text">
        <bdi class="source-site">{p.site}</bdi>
        <bdi class="source-title">{p.title}</bdi>
      </span>
    </li>
  );
}
