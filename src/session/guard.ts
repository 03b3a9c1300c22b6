import { LANDLORD_HOME } from '../contract/rules/menus'
import { freshSession } from './refresh'
import { hasPermission } from './session-store'

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'login' }
  | { kind: 'redirect'; to: string }
  | { kind: 'denied' }

/** Pages a signed-in user may open while a forced step (password, notice) is pending. */
const FORCED_STEPS = { password: '/update-password', notice: '/notice_privacy' } as const

/**
 * The route guard of SPEC §2/§6. `permission` is the route's own name, or `authenticated` for the
 * lighter guard (session and password expiry only). Forced steps come first: an expired password
 * sends to /update-password, a pending privacy notice to /notice_privacy.
 */
export async function checkRouteAccess(
  permission: string | undefined,
  pathname: string,
): Promise<GuardOutcome> {
  const session = await freshSession()
  if (!session) return { kind: 'login' }
  if (session.passwordExpired && pathname !== FORCED_STEPS.password) {
    return { kind: 'redirect', to: FORCED_STEPS.password }
  }
  if (permission === 'authenticated' || permission === 'public' || permission === undefined)
    return { kind: 'allow' }
  if (session.noticePending && pathname !== FORCED_STEPS.notice)
    return { kind: 'redirect', to: FORCED_STEPS.notice }
  return hasPermission(session, permission) ? { kind: 'allow' } : { kind: 'denied' }
}

/** SPEC §2 auth guard: a visitor of the login page who is signed in goes to their home route. */
export async function homeIfSignedIn(): Promise<string | null> {
  const session = await freshSession()
  if (!session) return null
  if (session.passwordExpired) return FORCED_STEPS.password
  if (session.noticePending) return FORCED_STEPS.notice
  return homeRoute(session.user.permissions, session.user.patient_id, session.isLandlord)
}

/** Where a user's mode starts: the dashboard with its permission, else the patient or empty home. */
export function homeRoute(
  permissions: readonly string[],
  patientId: string | null,
  isLandlord: boolean,
): string {
  if (isLandlord) return LANDLORD_HOME
  if (permissions.includes('dashboard-index')) return '/dashboard'
  if (patientId) return '/dashboard/patient-home'
  return '/dashboard/home-empty'
}
