/** A town's median asking €/m² month by month as a small line chart (the province hubs, docs/decisions/101). */
export function PriceTrend({ months, label }: { months: ReadonlyArray<{ month: string; median: number }>; label: string }) {
  const width = 80;
  const height = 20;
  const values = months.map((m) => m.median);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((v, i) => `${((i / (values.length - 1)) * width).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`)
    .join(" ");
  return (
    <svg className="price-trend" viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
