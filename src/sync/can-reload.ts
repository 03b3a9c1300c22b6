/**
 * Whether the page may reload now to take a new version. DESIGN §4: never while the outbox is
 * sending or a form is dirty. Neither exists yet (the outbox arrives with the sync engine), so
 * today the answer is always yes; the sync engine and the form layer will register their checks.
 */
const blockers = new Set<() => boolean>()

export function canReloadNow(): boolean {
  for (const isBusy of blockers) if (isBusy()) return false
  return true
}

/** Registers a check that holds back reloads while it returns true; returns its removal. */
export function holdReloadWhile(isBusy: () => boolean): () => void {
  blockers.add(isBusy)
  return () => blockers.delete(isBusy)
}
