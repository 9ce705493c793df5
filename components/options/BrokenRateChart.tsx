import type { Tally } from '@/lib/shared/store/diagnostics';
import { formatDay, formatPercent, plural } from '@/lib/shared/core/i18n';

export interface BrokenRateChartProps {
  days: Tally[];
}

const W = 300;
const H = 80;

/** Broken-quote rate per day as bars: a rise stands out at a glance. Days without quotes are gaps. */
export function BrokenRateChart({ days }: BrokenRateChartProps) {
  const barW = W / Math.max(days.length, 1);
  const withQuotes = days.filter((d) => d.citations > 0);
  const latest = withQuotes.at(-1);
  const label = latest
    ? plural('chartLabel', days.length, formatDay(latest.key), formatPercent(latest.rate), latest.citations)
    : plural('chartEmpty', days.length);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H + 14}`} width={W} height={H + 14} role="img" aria-label={label}>
        <line x1={0} y1={H} x2={W} y2={H} stroke="currentColor" stroke-opacity={0.3} />
        {days.map((d, i) =>
          d.citations > 0 ? (
            <rect
              key={d.key}
              x={i * barW + 1}
              y={H - Math.max(d.rate * H, 1)}
              width={barW - 2}
              height={Math.max(d.rate * H, 1)}
              fill={d.rate > 0.2 ? 'var(--danger)' : 'var(--accent)'}
            >
              <title>{plural('chartBar', d.citations, formatDay(d.key), d.broken)}</title>
            </rect>
          ) : null,
        )}
        <text x={0} y={H + 12} font-size={10} fill="currentColor">
          {days[0] && formatDay(days[0].key)}
        </text>
        <text x={W} y={H + 12} font-size={10} fill="currentColor" text-anchor="end">
          {days.length > 0 && formatDay(days.at(-1)!.key)}
        </text>
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
