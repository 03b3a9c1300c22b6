/**
 * A 32-hex-digit id of a text (FNV-1a, four seeds), for jsPDF's file id: the same content names
 * the same file, so the device and the server write the same bytes (decision 0010).
 */
export function fileIdOf(text: string): string {
  const seeds = [0x811c9dc5, 0x01000193, 0x12345678, 0x9e3779b9]
  return seeds
    .map((seed) => {
      let hash = seed >>> 0
      for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i)
        hash = Math.imul(hash, 0x01000193) >>> 0
      }
      return hash.toString(16).padStart(8, '0')
    })
    .join('')
    .toUpperCase()
}
