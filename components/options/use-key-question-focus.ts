/**
 * The focus around the question asked before a key goes to an origin the user has not confirmed
 * for it (./KeyConfirm.tsx): the question takes the focus; answered (its buttons gone, the focus
 * with them), the focus goes back to Save. Before the browser paints: "Saved." is never
 * announced while the focus is nowhere.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Settings } from '@/lib/shared/store/settings';

export function useKeyQuestionFocus(pending: Settings | null) {
  const confirm = useRef<HTMLButtonElement>(null);
  const save = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useLayoutEffect(() => {
    if (pending) confirm.current?.focus();
    else if (asked.current && (document.activeElement === null || document.activeElement === document.body))
      save.current?.focus();
    asked.current = pending !== null;
  }, [pending]);
  return { confirm, save };
}
