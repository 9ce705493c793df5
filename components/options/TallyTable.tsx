import type { Tally } from '@/lib/shared/store/diagnostics';
import { formatNumber, formatPercent, t } from '@/lib/shared/core/i18n';

export interface TallyTableProps {
  caption: string;
  rows: Tally[];
  /** Rows beyond this are left out: the busiest first. */
  limit?: number;
}

/** Questions, broken quotes, retries, drops, abstentions, errors and repaired quotes for one grouping. */
export function TallyTable({ caption, rows, limit = 10 }: TallyTableProps) {
  if (rows.length === 0) return null;
  // Eight columns do not fit a narrow window: the table scrolls inside its own box (focusable, and
  // named by its caption, so that a keyboard can scroll it), never the page.
  return (
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class="tally">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {/* The corner above the row names: no header to name (the caption says what the rows are). */}
            <td />
            <th scope="col">{t('colQuestions')}</th>
            <th scope="col">{t('colBroken')}</th>
            <th scope="col">{t('colRetries')}</th>
            <th scope="col">{t('colDrops')}</th>
            <th scope="col">{t('colNotFound')}</th>
            <th scope="col">{t('colErrors')}</th>
            <th scope="col">{t('colRepaired')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, limit).map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.key}</th>
              <td>{formatNumber(row.runs)}</td>
              <td>
                {formatNumber(row.broken)}/{formatNumber(row.citations)} ({formatPercent(row.rate)})
              </td>
              <td>{formatNumber(row.retries)}</td>
              <td>{formatNumber(row.drops)}</td>
              <td>{formatNumber(row.abstentions)}</td>
              <td>{formatNumber(row.errors)}</td>
              <td>{formatNumber(Object.values(row.repairs).reduce((n, k) => n + (k ?? 0), 0))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
