/** SPEC §7: downloaded file names carry the date as DD_MM_YYYY. */
export function downloadDateStamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getDate())}_${two(date.getMonth() + 1)}_${date.getFullYear()}`
}
