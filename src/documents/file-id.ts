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

/**
 * JSON with every object's keys sorted: the same content gives the same text whatever order its
 * keys were written in — the device's row keeps the contract's order, the server's jsonb columns
 * their own — so a file id made from it is the same on both sides.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, held: unknown) =>
    held && typeof held === 'object' && !Array.isArray(held) && !(held instanceof Uint8Array)
      ? Object.fromEntries(
          Object.entries(held as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : held,
  )
}
