/** A listing's price history: its drops as lines and a small step chart (inline SVG, no chart library). */
export function PriceHistory({ lines, chart, label }: { lines: string[]; chart: string | null; label: string }) {
  if (lines.length === 0) return null;
  return (
    <div className="price-history" data-testid="price-history">
      <ul aria-label={label}>
        {lines.map((line, i) => (
          // Two drops can say the same on the same day: the position keeps them apart.
          <li key={`${i}-${line}`}>{line}</li>
        ))}
      </ul>
      {chart && (
        <svg data-testid="price-history-chart" role="img" aria-label={label} width="240" height="60" viewBox="0 0 240 60">
          <title>{label}</title>
          <path d={chart} fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      )}
    </div>
  );
}
