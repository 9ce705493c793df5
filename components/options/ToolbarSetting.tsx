/** The options page's switch for what the toolbar button opens; saved as soon as it changes. */
import { useEffect, useState } from 'preact/hooks';
import { toolbarOpensPanelItem } from '@/lib/shared/storage';

export function ToolbarSetting() {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    void toolbarOpensPanelItem.getValue().then(setOn);
    return toolbarOpensPanelItem.watch((v) => setOn(v === true));
  }, []);
  if (on === null) return null;
  return (
    <section class="toolbar-setting" aria-labelledby="toolbar-heading">
      <h2 id="toolbar-heading">Toolbar button</h2>
      <label class="check">
        <input type="checkbox" checked={on} onChange={(e) => void toolbarOpensPanelItem.setValue(e.currentTarget.checked)} />
        The toolbar button opens the side panel
      </label>
      <p class="hint">
        The side panel stays beside the page while you check an answer's quotes. Off: the button opens the popup.
      </p>
    </section>
  );
}
