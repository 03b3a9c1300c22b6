/**
 * Which schema version a device's database was last opened at, kept beside it in local storage
 * so that a cold start can tell, before IndexedDB answers, whether any upgrade can be needed.
 * Only a hint: it is written after an open has succeeded, and a database older than it says
 * fails its open safely and is forgotten here (`local-db.ts`, `declareSchema`).
 */
const keyOf = (dbName: string) => `db.version.${dbName}`

/** The version last opened, or null when unknown (no storage, or never opened here). */
export function installedVersion(dbName: string): number | null {
  if (typeof localStorage === 'undefined') return null
  const stored = Number(localStorage.getItem(keyOf(dbName)))
  return Number.isInteger(stored) && stored > 0 ? stored : null
}

export function rememberInstalledVersion(dbName: string, version: number): void {
  if (typeof localStorage === 'undefined' || installedVersion(dbName) === version) return
  localStorage.setItem(keyOf(dbName), String(version))
}

export function forgetInstalledVersion(dbName: string): void {
  if (typeof localStorage !== 'undefined') localStorage.removeItem(keyOf(dbName))
}
