/**
 * When no tab in scope could be read at all (a scanned PDF, a browser page), there are no pages
 * to have found nothing in: the run ends with what stopped the reading, tab by tab, never with
 * "not found in these pages".
 */
import type { ShownError } from '@/lib/shared/answer/run';
import type { SkippedTab } from '@/lib/shared/protocol/types';
import { plural, t } from '@/lib/shared/core/i18n';

export function nothingRead(skipped: SkippedTab[]): ShownError {
  const one = (t: SkippedTab) => `${t.title || t.url}: ${t.reason}`;
  const message =
    skipped.length === 1
      ? t('nothingReadOne', one(skipped[0]!))
      : plural('nothingReadMany', skipped.length, skipped.map(one).join(' '));
  return { kind: 'unreadable', message };
}
