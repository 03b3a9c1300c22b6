import { requestHeaders, unauthorizedListeners } from '../api/client'
import { refreshToken } from '../contract/endpoints/authentication'
import { endSession } from './end-session'
import { freshSession } from './refresh'
import { currentSession } from './session-store'

let installed = false

/**
 * Wires the session into the API client: a bearer token on every call (refreshed first when it is
 * within the 60-minute margin), and a 401 on a signed-in call ends the session (SPEC §8).
 */
export function installSession(): void {
  if (installed) return
  installed = true
  requestHeaders.push(async (endpoint): Promise<Record<string, string>> => {
    if (endpoint === refreshToken) return {}
    // Public calls (the tenant configuration) send the token as it is, never waiting on a refresh.
    const session = endpoint.access === 'public' ? currentSession() : await freshSession()
    return session ? { Authorization: `Bearer ${session.accessToken}` } : {}
  })
  unauthorizedListeners.push((endpoint) => {
    if (endpoint.access !== 'public' && currentSession()) endSession('expired')
  })
}
