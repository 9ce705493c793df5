/**
 * Which of the answer's quotes is shown, for "Next citation" and "Previous citation": a click on
 * a citation makes it current, a step reveals the one after or before it. In the side panel the
 * keys N and P (or J and K) step too, unless the user is typing.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { sameCitation, stepFrom } from '@/lib/shared/answer/citation-steps';
import type { ShownCitation } from '@/lib/shared/answer/run';

export interface CitationSteps {
  list: ShownCitation[];
  current: number | null;
  currentCitation: ShownCitation | null;
  step: (delta: 1 | -1) => void;
  /** Reveals a clicked citation and makes it current. */
  reveal: (c: ShownCitation) => void;
}

const STEP_KEYS: Record<string, 1 | -1> = { n: 1, j: 1, p: -1, k: -1 };

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * `answerId` names the answer stepped through (a run, a thread from the history): another answer
 * starts again before its first quote. `list`: its quotes in order (lib/shared/answer/citation-steps.ts).
 */
export function useCitationSteps(
  answerId: string | null,
  list: ShownCitation[],
  keys: boolean,
  onReveal: (c: ShownCitation) => void,
): CitationSteps {
  const [current, setCurrent] = useState<{ answerId: string; index: number } | null>(null);
  const index = current && current.answerId === answerId && current.index < list.length ? current.index : null;

  const go = (i: number) => {
    if (answerId === null) return;
    setCurrent({ answerId, index: i });
    onReveal(list[i]!);
  };
  const step = (delta: 1 | -1) => {
    const next = stepFrom(index, delta, list.length);
    if (next !== null) go(next);
  };
  const reveal = (c: ShownCitation) => {
    const i = list.indexOf(c);
    const at = i >= 0 ? i : list.findIndex((x) => sameCitation(x, c));
    if (at >= 0) go(at);
    else onReveal(c);
  };

  // The listener reads the latest step through a ref, so it is added once.
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    if (!keys) return;
    const onKey = (e: KeyboardEvent) => {
      const delta = STEP_KEYS[e.key];
      if (!delta || e.altKey || e.ctrlKey || e.metaKey || typingIn(e.target)) return;
      e.preventDefault();
      stepRef.current(delta);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys]);

  return { list, current: index, currentCitation: index === null ? null : list[index]!, step, reveal };
}
