import type { SourcedPassage } from './types';

/** A passage as sent to the model: numbered 1..N in the order of the prompt. */
export interface Fragment {
  index: number;
  passage: SourcedPassage;
}

export function numberFragments(passages: SourcedPassage[]): Fragment[] {
  return passages.map((passage, i) => ({ index: i + 1, passage }));
}

/** The site a reader recognises: the host without a leading "www.". */
export function siteOf(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === 'file:') return 'local file';
    return u.host.replace(/^www\./, '') || u.protocol.replace(':', '');
  } catch {
    return url;
  }
}
