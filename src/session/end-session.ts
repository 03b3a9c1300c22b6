import { saveSession } from './session-store'

export type EndReason = 'expired' | 'signed-out'
const listeners = new Set<(reason: EndReason) => void>()
const NOTICE_KEY = 'sessionEndNotice'
// The notice as this page load took it: the login page may mount more than once for one end
// (the guard and the sync engine can both find the session gone), and each mount must show it.
let noticeTaken = false

/**
 * Clears the session and tells the app shell (which goes to login). Never touches the local
 * database: unsent changes stay for when the same user signs in again.
 */
export function endSession(reason: EndReason): void {
  saveSession(null)
  noticeTaken = reason === 'expired'
  try {
    if (reason === 'expired') sessionStorage.setItem(NOTICE_KEY, 'expired')
  } catch {
    // No session storage: the login page just shows no notice.
  }
  for (const listener of listeners) listener(reason)
}

export function onSessionEnd(listener: (reason: EndReason) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether the last session ended by expiry (shown on the login page until the next sign-in ends). */
export function takeExpiryNotice(): boolean {
  try {
    if (sessionStorage.getItem(NOTICE_KEY) === 'expired') noticeTaken = true
    sessionStorage.removeItem(NOTICE_KEY)
  } catch {
    // No session storage: only an end seen by this page load can be told.
  }
  return noticeTaken
}
