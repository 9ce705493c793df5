/**
 * A long list drawn a page at a time: how many of its `total` items to draw, and the ref of an
 * element after the last one drawn; each time that element comes near the view (scrolled to, or
 * the keyboard's focus brought the last item into view) another page is drawn. The count starts
 * again at one page when `reset` changes (a new search), and is never below `atLeast` (an item the
 * keyboard returns to). Without IntersectionObserver, everything is drawn.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

export function useMoreAtEnd<T extends Element>(
  total: number,
  page: number,
  atLeast: number,
  reset: unknown,
): [number, RefObject<T | null>] {
  const [count, setCount] = useState(page);
  const end = useRef<T>(null);
  const [lastReset, setLastReset] = useState(reset);
  if (lastReset !== reset) {
    setLastReset(reset);
    setCount(page);
  }
  const drawn = typeof IntersectionObserver === 'undefined' ? total : Math.min(total, Math.max(count, atLeast));
  useEffect(() => {
    const el = end.current;
    if (!el || drawn >= total) return;
    const seen = new IntersectionObserver(
      (changes) => {
        if (changes.some((c) => c.isIntersecting)) setCount((n) => Math.max(n, drawn) + page);
      },
      { rootMargin: '400px 0px' },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [drawn, total]);
  return [drawn, end];
}
