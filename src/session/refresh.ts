import { call } from '../api/client'
import { NetworkError } from '../api/errors'
import { refreshToken } from '../contract/endpoints/authentication'
import { endSession } from './end-session'
import { currentSession, needsRefresh, type Session, saveSession, tokenFlags } from './session-store'

const LOCK = 'salud-session-refresh'
let inFlight: Promise<Session | null> | null = null

/** Runs `work` while no other tab of this origin refreshes (Web Locks), or directly without them. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  return locks ? locks.request(LOCK, work) : work()
}

/**
 * The session with an access token good for more than the 60-minute margin (SPEC §4), refreshed
 * first when needed: once per tab (single flight) and once across tabs (a Web Lock). Offline the
 * session stays as it is, since the work on the device goes on; a refused refresh ends it.
 */
export function freshSession(now = Date.now()): Promise<Session | null> {
  const session = currentSession()
  if (!session || !needsRefresh(session, now)) return Promise.resolve(session)
  return refresh(session.accessToken)
}

/**
 * Refreshes now, whatever the token's time left: the server refused it (a 401 to the sync
 * loop). Still once per tab and across tabs; a tab that finds the token already replaced by
 * another tab takes that one.
 */
export function refreshNow(): Promise<Session | null> {
  const session = currentSession()
  if (!session) return Promise.resolve(null)
  return refresh(session.accessToken)
}

function refresh(refusedToken: string): Promise<Session | null> {
  inFlight ??= exclusively(async () => {
    // Inside the lock another tab may have refreshed already: the store re-reads what it wrote.
    const latest = currentSession()
    if (!latest) return null
    if (latest.accessToken !== refusedToken && !needsRefresh(latest, Date.now())) return latest
    try {
      const { token } = await call(refreshToken, { body: { refreshToken: latest.refreshToken } })
      const next: Session = {
        ...latest,
        accessToken: token.accessToken,
        refreshToken: token.refreshToken,
        expiresAt: Date.now() + token.expiresIn * 1000,
        ...tokenFlags(token.accessToken),
      }
      saveSession(next)
      return next
    } catch (error) {
      if (error instanceof NetworkError) return latest
      endSession('expired')
      return null
    }
  }).finally(() => {
    inFlight = null
  })
  return inFlight
}
