/** Refused navigations, told to the app shell, which shows SPEC §6's permission dialog. */
const listeners = new Set<() => void>()

export function reportDenied(): void {
  for (const listener of listeners) listener()
}

export function onDenied(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
