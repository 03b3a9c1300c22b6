import { END_NOTICE_KEY, saveSession } from './session-store'

export type EndReason = 'expired' | 'signed-out'
const listeners = new Set<(reason: EndReason) => void>()
// The notice stays until the next sign-in: the login page may mount more than once for one end
// (the guard and the sync engine can both find the session gone; the service worker may reload
// the page), and each mount must show it.
let noticeTaken = false

/**
 * Clears the session and tells the app shell (which goes to login). Never touches the local
 * database: unsent changes stay for when the same user signs in again.
 */
export function endSession(reason: EndReason): void {
  saveSession(null)
  noticeTaken = reason === 'expired'
  try {
    if (reason === 'expired') sessionStorage.setItem(END_NOTICE_KEY, 'expired')
    else sessionStorage.removeItem(END_NOTICE_KEY)
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
    if (sessionStorage.getItem(END_NOTICE_KEY) === 'expired') noticeTaken = true
  } catch {
    // No session storage: only an end seen by this page load can be told.
  }
  return noticeTaken
}
