/** The passages chosen for a question, numbered 1..N in prompt order: the indices citations name. */
import type { SourcedPassage } from '@/lib/shared/protocol/types';

/** A passage as sent to the model: numbered 1..N in the order of the prompt. */
export interface Fragment {
  index: number;
  passage: SourcedPassage;
}

export function numberFragments(passages: SourcedPassage[]): Fragment[] {
  return passages.map((passage, i) => ({ index: i + 1, passage }));
}
