/**
 * How far each file's upload has gone, by its outbox entry's mutationId, for the sync screen
 * (issue 19). Kept in memory: progress matters only while the upload travels, and writing it to
 * IndexedDB at every step would cost more than the screen gains.
 */
export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number
  /** Bytes to send, or null when the browser cannot tell. */
  total: number | null
}

let current: ReadonlyMap<string, UploadProgress> = new Map()
const listeners = new Set<() => void>()

/** Notes an upload's progress; null when it has ended, whatever its answer. */
export function reportUploadProgress(mutationId: string, progress: UploadProgress | null): void {
  const next = new Map(current)
  if (progress) next.set(mutationId, progress)
  else if (!next.delete(mutationId)) return
  // A new map each time: a screen compares snapshots by identity (useSyncExternalStore).
  current = next
  for (const listener of listeners) listener()
}

/** Every upload travelling now. */
export const uploadsInProgress = (): ReadonlyMap<string, UploadProgress> => current

export function subscribeToUploads(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
