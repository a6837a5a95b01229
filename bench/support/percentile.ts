/** The sample at fraction `p` (0.5 median, 0.99 p99) of `samples`, nearest rank; NaN when empty. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}
