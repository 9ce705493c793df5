/**
 * A part of a screen whose code is loaded when it is first shown, not with the screen: the
 * popup's first load is what stands between the toolbar click and the question box, so the parts
 * the first screen does not show (the history, the review before sending, the search results, …)
 * come in their own chunks, by `import()`. Until its code has arrived (a few milliseconds from
 * the extension's own files) the part renders only a hidden mark; then it renders as if it had
 * always been there. Hand-written because Preact's own `lazy` and `Suspense` live in preact/compat, which
 * patches Preact's global options for React code (renaming props such as onChange and className
 * on every element of the screen): more than this needs, and a change to every component.
 */
import { h, type ComponentType, type FunctionComponent } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

export type LazyComponent<P> = FunctionComponent<P> & {
  /** Starts loading the part's code (once), resolving when it can be shown. */
  preload: () => Promise<ComponentType<P>>;
};

/** The component `load` resolves to, rendered once its code has loaded (a hidden mark before). */
export function lazy<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Tried again the next time the part is shown.
        pending = null;
        throw error;
      },
    ));
  function Lazy(props: P) {
    // Drawn again once the code has arrived (a count: a component in state would be taken for
    // the state's initialiser). Drawn from the second render even when the code is already here:
    // drawn in the first, the history that opens a new session (App.tsx) and finds no thread
    // asked the app to show the form, and the app re-rendered without it (Preact 11.2, seen in
    // Chromium; not narrowed down further), the popup left with neither.
    const [arrived, setArrived] = useState(0);
    useLayoutEffect(() => {
      let shown = true;
      preload().then(
        () => shown && setArrived((n) => n + 1),
        (error: unknown) => console.error('a part of the screen did not load', error),
      );
      return () => {
        shown = false;
      };
    }, []);
    // (Until then a hidden, empty mark: nothing a reader or the layout meets, and what tests wait
    // on before reading a region whole, tests/support/popup-page.ts `answerText`.)
    return loaded && arrived > 0 ? h(loaded, props) : h('span', { hidden: true, 'data-part-loading': '' });
  }
  return Object.assign(Lazy, { preload });
}
