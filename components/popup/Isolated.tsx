/**
 * A message of the catalogue with words from elsewhere in it (a page's title, a site, the user's
 * question): each of those in a `<bdi>` of its own, so an English title in an Arabic sentence, or
 * an Arabic one in an English sentence, keeps its own order and leaves the sentence's alone. The
 * message is asked for with `slot(i)` where the `i`-th of `words` goes (lib/shared/core/i18n.ts).
 */
import { splitSlots } from '@/lib/shared/core/i18n';

export interface IsolatedProps {
  /** The message, as `t` or `plural` wrote it with `slot(i)` in the place of `words[i]`. */
  message: string;
  words: string[];
}

export function Isolated({ message, words }: IsolatedProps) {
  return <>{splitSlots(message).map((part, i) => (typeof part === 'string' ? part : <bdi key={i}>{words[part] ?? ''}</bdi>))}</>;
}
