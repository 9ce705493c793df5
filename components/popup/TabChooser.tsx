/**
 * "Choose tabs": the window's tabs as checkboxes named by their titles. A tab the extension may
 * not read (a browser page, an extension store) is shown disabled, with the reason.
 */
import { useId } from 'preact/hooks';
import { unreadableReason } from '@/lib/shared/access/tabs';
import type { WindowTab } from './use-window-tabs';
import { t } from '@/lib/shared/core/i18n';

export interface TabChooserProps {
  tabs: WindowTab[];
  chosen: number[];
  onChosen: (tabIds: number[]) => void;
}

export function TabChooser({ tabs, chosen, onChosen }: TabChooserProps) {
  const baseId = useId();
  const toggle = (id: number, on: boolean) =>
    onChosen(on ? [...chosen.filter((x) => x !== id), id] : chosen.filter((x) => x !== id));
  return (
    <fieldset class="tab-chooser">
      <legend>{t('tabsToAskAbout')}</legend>
      <ul>
        {tabs.map((tab, i) => {
          const reason = unreadableReason(tab.url);
          const reasonId = `${baseId}-r${i}`;
          return (
            <li key={tab.id}>
              <label class={reason ? 'unreadable' : undefined}>
                <input
                  type="checkbox"
                  checked={!reason && chosen.includes(tab.id)}
                  disabled={reason !== null}
                  aria-describedby={reason ? reasonId : undefined}
                  onChange={(e) => toggle(tab.id, e.currentTarget.checked)}
                />
                <bdi class="tab-title">{tab.title}</bdi>
              </label>
              {reason && (
                <span class="note" id={reasonId}>
                  {reason}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
