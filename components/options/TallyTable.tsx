import type { Tally } from '@/lib/shared/diagnostics';

export interface TallyTableProps {
  caption: string;
  rows: Tally[];
  /** Rows beyond this are left out: the busiest first. */
  limit?: number;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Questions, broken quotes, retries, drops, abstentions and errors for one grouping. */
export function TallyTable({ caption, rows, limit = 10 }: TallyTableProps) {
  if (rows.length === 0) return null;
  return (
    <table class="tally">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {/* The corner above the row names: no header to name (the caption says what the rows are). */}
          <td />
          <th scope="col">Questions</th>
          <th scope="col">Broken quotes</th>
          <th scope="col">Retries</th>
          <th scope="col">Dropped claims</th>
          <th scope="col">Not found</th>
          <th scope="col">Errors</th>
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, limit).map((t) => (
          <tr key={t.key}>
            <th scope="row">{t.key}</th>
            <td>{t.runs}</td>
            <td>
              {t.broken}/{t.citations} ({pct(t.rate)})
            </td>
            <td>{t.retries}</td>
            <td>{t.drops}</td>
            <td>{t.abstentions}</td>
            <td>{t.errors}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
