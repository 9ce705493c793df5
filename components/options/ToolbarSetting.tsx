/** The options page's switch for what the toolbar button opens; saved as soon as it changes. */
import { useEffect, useState } from 'preact/hooks';
import { toolbarOpensPanelItem } from '@/lib/shared/store/storage';
import { t } from '@/lib/shared/core/i18n';

export function ToolbarSetting() {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    void toolbarOpensPanelItem.getValue().then(setOn);
    return toolbarOpensPanelItem.watch((v) => setOn(v === true));
  }, []);
  if (on === null) return null;
  return (
    <section class="toolbar-setting" aria-labelledby="toolbar-heading">
      <h2 id="toolbar-heading">{t('toolbarHeading')}</h2>
      <label class="check">
        <input type="checkbox" checked={on} onChange={(e) => void toolbarOpensPanelItem.setValue(e.currentTarget.checked)} />
        {t('toolbarOpensPanel')}
      </label>
      <p class="hint">{t('toolbarHint')}</p>
    </section>
  );
}
