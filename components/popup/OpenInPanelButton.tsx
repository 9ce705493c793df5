/** The popup's way to the side panel, which stays open beside the page while citations are clicked. */
import { openSidePanel } from '@/lib/shared/core/side-panel';
import { t } from '@/lib/shared/core/i18n';

export interface OpenInPanelButtonProps {
  /** The popup's window, known before the click: the browser opens the panel only within the click itself. */
  windowId: number | null;
  onError: (message: string) => void;
}

export function OpenInPanelButton({ windowId, onError }: OpenInPanelButtonProps) {
  return (
    <button
      type="button"
      class="open-panel icon"
      disabled={windowId === null}
      aria-label={t('openInPanel')}
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
      {/* A window with a panel at its inline end. */}
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" class="flip-rtl">
        <rect x="1.5" y="2.5" width="13" height="11" rx="2" fill="none" stroke="currentColor" />
        <rect x="9.5" y="3" width="4.5" height="10" fill="currentColor" opacity="0.45" />
      </svg>
    </button>
  );
}
