/**
 * The arrow of a button that goes back or forth (Previous citation, Next citation, Back to
 * history), drawn rather than typed, pointing to the inline start or end: a right-to-left screen
 * mirrors it (`flip-rtl`, assets/app.css), so "Previous" points right in Arabic and Hebrew, where
 * the start is. Decoration only: the button's words are its name.
 */
export function Chevron({ to }: { to: 'start' | 'end' }) {
  return (
    <svg class={`chevron chevron-${to} flip-rtl`} width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      <path
        d={to === 'start' ? 'M6.5 1.5 3 5l3.5 3.5' : 'M3.5 1.5 7 5 3.5 8.5'}
        fill="none"
        stroke="currentColor"
        stroke-width="1.5"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}
