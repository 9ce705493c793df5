/** The popup's way to the side panel, which stays open beside the page while citations are clicked. */
import { openSidePanel } from '@/lib/shared/side-panel';

export interface OpenInPanelButtonProps {
  /** The popup's window, known before the click: the browser opens the panel only within the click itself. */
  windowId: number | null;
  onError: (message: string) => void;
}

export function OpenInPanelButton({ windowId, onError }: OpenInPanelButtonProps) {
  return (
    <button
      type="button"
      class="open-panel"
      disabled={windowId === null}
      title="Keeps the answer beside the page while you check its quotes"
      onClick={() => {
        if (windowId === null) return;
        // No await before this call: it must run inside the click.
        openSidePanel(windowId).then(
          () => window.close(),
          (err: unknown) => onError(`The side panel could not be opened (${err instanceof Error ? err.message : String(err)}).`),
        );
      }}
    >
      Open in side panel
    </button>
  );
}
