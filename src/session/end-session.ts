import { saveSession } from './session-store'

export type EndReason = 'expired' | 'signed-out'
const listeners = new Set<(reason: EndReason) => void>()
const NOTICE_KEY = 'sessionEndNotice'

/**
 * Clears the session and tells the app shell (which goes to login). Never touches the local
 * database: unsent changes stay for when the same user signs in again.
 */
export function endSession(reason: EndReason): void {
  saveSession(null)
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

/** Whether the last session ended by expiry (shown once on the login page, then forgotten). */
export function takeExpiryNotice(): boolean {
  try {
    const expired = sessionStorage.getItem(NOTICE_KEY) === 'expired'
    sessionStorage.removeItem(NOTICE_KEY)
    return expired
  } catch {
    return false
  }
}
