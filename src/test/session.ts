import type { SessionUser } from '../contract/schemas/session'
import { saveSession } from '../session/session-store'

/**
 * Signs a component test in on the demo tenant, holding `permissions`, with a session that
 * expires in an hour. `who` names the user where a test needs a particular one (a patient's own
 * `patient_id`, a uuid the outbox carries).
 */
export function signedInAs(permissions: readonly string[], who: Partial<SessionUser> = {}): void {
  saveSession({
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: Date.now() + 3_600_000,
    user: {
      uuid: 'user-1',
      name: 'Ana',
      last_name: 'Ruiz',
      email: 'user@demo.localhost',
      employee_number: null,
      photo_url: null,
      role: null,
      patient_id: null,
      ...who,
      permissions: [...permissions],
    },
    host: 'demo.localhost',
    isLandlord: false,
    routeRedirect: '/dashboard',
    passwordExpired: false,
    noticePending: false,
    menus: null,
  })
}
