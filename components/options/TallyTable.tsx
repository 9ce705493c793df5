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
  const cols = [
    t('colQuestions'),
    t('colBroken'),
    t('colRetries'),
    t('colDrops'),
    t('colNotFound'),
    t('colErrors'),
    t('colRepaired'),
  ];
  // Eight columns do not fit a narrow window: there each row is laid out as a card, each value
  // under its column's name (`data-label`, entrypoints/options/style.css), so that nothing scrolls
  // sideways. The box stays a region named by its caption.
  return (
    <div class="tally-box" role="region" aria-label={caption}>
      <table class="tally">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {/* The corner above the row names: no header to name (the caption says what the rows are). */}
            <td />
            {cols.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, limit).map((row) => {
            const values = [
              formatNumber(row.runs),
              `${formatNumber(row.broken)}/${formatNumber(row.citations)} (${formatPercent(row.rate)})`,
              formatNumber(row.retries),
              formatNumber(row.drops),
              formatNumber(row.abstentions),
              formatNumber(row.errors),
              formatNumber(Object.values(row.repairs).reduce((n, k) => n + (k ?? 0), 0)),
            ];
            return (
              <tr key={row.key}>
                <th scope="row">{row.key}</th>
                {values.map((value, i) => (
                  <td key={cols[i]} data-label={cols[i]}>
                    {value}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
