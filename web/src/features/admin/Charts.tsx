import { formatDayMonth } from '../../ui/format.ts';

/** Small inline SVG charts: no library, readable on a phone. */

export function BarChart({ items, label }: { items: readonly { label: string; value: number }[]; label: string }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  const rowH = 26;
  return (
    <svg className="chart" role="img" aria-label={label} viewBox={`0 0 320 ${Math.max(1, items.length) * rowH}`} width="100%">
      {items.map((item, i) => (
        <g key={`${item.label}-${i}`} transform={`translate(0 ${i * rowH})`}>
          <text x="0" y="16" fontSize="12">{item.label.length > 22 ? `${item.label.slice(0, 21)}…` : item.label}</text>
          <rect x="140" y="5" height="14" width={(150 * item.value) / max} rx="2" className="chart__bar" />
          <text x={146 + (150 * item.value) / max} y="16" fontSize="11">{item.value}</text>
        </g>
      ))}
    </svg>
  );
}

export function LineChart({ days, label, series }: { days: readonly string[]; label: string; series: readonly { name: string; values: readonly number[]; className: string }[] }) {
  const W = 320;
  const H = 120;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i: number) => (days.length <= 1 ? 0 : (i * (W - 10)) / (days.length - 1) + 5);
  const y = (v: number) => H - 15 - (v * (H - 30)) / max;
  return (
    <figure className="chart-figure">
      <svg className="chart" role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} width="100%">
        <line x1="0" x2={W} y1={H - 15} y2={H - 15} className="chart__axis" />
        {series.map((s) => (
          <polyline key={s.name} fill="none" strokeWidth="2" className={s.className} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
        ))}
        <text x="0" y={H - 2} fontSize="10">{formatDayMonth(days[0] ?? '')}</text>
        <text x={W} y={H - 2} fontSize="10" textAnchor="end">{formatDayMonth(days[days.length - 1] ?? '')}</text>
        <text x="0" y="10" fontSize="10">{max}</text>
      </svg>
      <figcaption className="chart-legend">
        {series.map((s) => (
          <span key={s.name} className={`chart-legend__item ${s.className}`}>{s.name}: {s.values.reduce((a, b) => a + b, 0)}</span>
        ))}
      </figcaption>
    </figure>
  );
}
