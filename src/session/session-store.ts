import type { MenuItem } from '../contract/rules/menus'
import type { LoginResponse, SessionUser } from '../contract/schemas/session'
import { TOKEN_EXPIRY_MARGIN_SECONDS } from '../contract/schemas/session'
import { SESSION_KEY } from './session-key'

/** The session kept on the device (SPEC §3 Session user), one per host (localStorage is per origin). */
export interface Session {
  accessToken: string
  refreshToken: string
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number
  user: SessionUser
  host: string
  isLandlord: boolean
  routeRedirect: string
  passwordExpired: boolean
  noticePending: boolean
  /** The sidebar as last fetched, so that it shows offline too. */
  menus: MenuItem[] | null
}

const KEY = SESSION_KEY
type Listener = () => void
const listeners = new Set<Listener>()
// The parsed session and the text it came from: re-parsed only when the stored text changes,
// so that React sees the same object until something really changed.
let cached: { text: string | null; session: Session | null } = { text: null, session: null }
let memoryOnly: Session | null = null

function storedText(): string | null | undefined {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return undefined
  }
}

const notify = () => {
  for (const listener of listeners) listener()
}

// Another tab signed in, refreshed or signed out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY && event.key !== null) return
    notify()
  })
}

export function currentSession(): Session | null {
  const text = storedText()
  if (text === undefined) return memoryOnly
  if (text !== cached.text) {
    let session: Session | null = null
    try {
      session = text ? (JSON.parse(text) as Session) : null
    } catch {
      session = null
    }
    cached = { text, session }
  }
  return cached.session
}

/** Where the end of the last session is noted for the login page (see end-session.ts). */
export const END_NOTICE_KEY = 'sessionEndNotice'

export function saveSession(session: Session | null): void {
  memoryOnly = session
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session))
    else localStorage.removeItem(KEY)
    // A new session: the notice about how the previous one ended is over.
    if (session) sessionStorage.removeItem(END_NOTICE_KEY)
  } catch {
    // Storage refused: the session lives in memory for this tab only.
  }
  notify()
}

export function updateSession(change: Partial<Session>): void {
  const session = currentSession()
  if (session) saveSession({ ...session, ...change })
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Reads the flags of an access token's payload (no verification: the server does that). */
export function tokenFlags(accessToken: string): { passwordExpired: boolean; noticePending: boolean } {
  try {
    const payload = accessToken.split('.')[1] ?? ''
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    return {
      passwordExpired: json.is_password_expired === true,
      noticePending: json.show_notice_of_privacy === true,
    }
  } catch {
    return { passwordExpired: false, noticePending: false }
  }
}

export function sessionFromLogin(login: LoginResponse, now = Date.now()): Session {
  return {
    accessToken: login.accessToken,
    refreshToken: login.refreshToken,
    expiresAt: now + login.expiresIn * 1000,
    user: login.user,
    host: login.host,
    isLandlord: login.is_landlord,
    routeRedirect: login.route_redirect,
    ...tokenFlags(login.accessToken),
    menus: null,
  }
}

/** SPEC §4: a token with 60 minutes or fewer remaining counts as expired. */
export const needsRefresh = (session: Session, now = Date.now()) =>
  session.expiresAt - now <= TOKEN_EXPIRY_MARGIN_SECONDS * 1000

export const hasPermission = (session: Session | null, permission: string) =>
  session?.user.permissions.includes(permission) ?? false
