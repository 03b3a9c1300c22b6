import { useSyncExternalStore } from 'react'
import { currentSession, type Session, subscribeSession } from './session-store'

/** The session, re-rendering when it changes (in this tab or another). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, currentSession, () => null)
}
