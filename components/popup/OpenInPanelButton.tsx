/** The popup's way to the side panel, which stays open beside the page while citations are clicked. */
import { openSidePanel } from '@/lib/shared/side-panel';
import { t } from '@/lib/shared/i18n';

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
      title={t('openPanelTitle')}
      onClick={() => {
        if (windowId === null) return;
        // No await before this call: it must run inside the click.
        openSidePanel(windowId).then(
          () => window.close(),
          (err: unknown) => onError(t('panelNotOpened', err instanceof Error ? err.message : String(err))),
        );
      }}
    >
      {t('openInPanel')}
    </button>
  );
}
