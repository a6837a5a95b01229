/** A file size for people: '1.4 MB (1,432,576 bytes)'. */
export function describeSize(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const exact = `${bytes.toLocaleString('en-AU')} bytes`;
  return unit === 0 ? exact : `${value.toFixed(1)} ${units[unit]} (${exact})`;
}
