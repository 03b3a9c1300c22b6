/**
 * The device's storage (DESIGN §4/§5): asked to be persistent after sign-in, so the browser does
 * not evict unsent work under pressure; and how much of it the app uses, for the user to see.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false
    if (await navigator.storage.persisted?.()) return true
    return await navigator.storage.persist()
  } catch {
    return false
  }
}

export interface StorageUse {
  usedBytes: number
  quotaBytes: number
  persistent: boolean
}

export async function storageUse(): Promise<StorageUse | null> {
  try {
    if (!navigator.storage?.estimate) return null
    const estimate = await navigator.storage.estimate()
    const persistent = (await navigator.storage.persisted?.()) ?? false
    return { usedBytes: estimate.usage ?? 0, quotaBytes: estimate.quota ?? 0, persistent }
  } catch {
    return null
  }
}

/** "12.3 MB" */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`
}

/**
 * Whether a failed write ran out of device storage. IndexedDB raises a DOMException named
 * QuotaExceededError; Dexie passes it on under the same name or wraps it (an aborted
 * transaction, a bulk error) with the original as `inner`.
 */
export function isQuotaExceeded(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false
    const { name, inner } = current as { name?: unknown; inner?: unknown }
    if (name === 'QuotaExceededError') return true
    current = inner
  }
  return false
}
