/** A source's favicon as the browser reports it for the tab, or a neutral square when there is none. */
export function SourceIcon({ src }: { src: string | null }) {
  return src ? (
    <img class="source-icon" src={src} alt="" width={16} height={16} referrerpolicy="no-referrer" />
  ) : (
    <span class="source-icon source-icon-none" aria-hidden="true" />
  );
}
