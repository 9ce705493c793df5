/**
 * "Not found in these pages" is an answer; what to try next is offered with it: ask every tab of
 * the window (when only this tab was read), choose the tabs, or put the question another way
 * (the keyboard goes to the question box, its words kept).
 */
import type { Scope } from '@/lib/shared/answer/run-state';
import { t } from '@/lib/shared/core/i18n';

export interface NextSteps {
  /** Asks the same question of every tab in the window. */
  onAllTabs: () => void;
  /** Shows the tab chooser. */
  onChooseTabs: () => void;
  /** To the question box, to put the question another way. */
  onRephrase: () => void;
}

export function NotFoundNextSteps({ scope, onAllTabs, onChooseTabs, onRephrase }: NextSteps & { scope: Scope }) {
  return (
    <div class="next-steps">
      <p>{t('notFoundNext')}</p>
      <div class="actions">
        {scope !== 'window' && (
          <button type="button" onClick={onAllTabs}>
            {t('askAllTabs')}
          </button>
        )}
        {scope !== 'tabs' && (
          <button type="button" onClick={onChooseTabs}>
            {t('chooseOtherTabs')}
          </button>
        )}
        <button type="button" onClick={onRephrase}>
          {t('rephrase')}
        </button>
      </div>
    </div>
  );
}
