import { hasRoleMode } from '../contract/rules/permissions'
import type { Session } from './session-store'

/** SPEC §1: a user who is also a patient switches between the role mode and the patient mode. */
export type Mode = 'role' | 'patient'
const KEY = 'mode'

export const canSwitchMode = (session: Session | null) =>
  Boolean(session?.user.patient_id) && hasRoleMode(session?.user.permissions ?? [])

export function storedMode(session: Session | null): Mode {
  if (!session?.user.patient_id) return 'role'
  if (!hasRoleMode(session.user.permissions)) return 'patient'
  try {
    return localStorage.getItem(KEY) === 'patient' ? 'patient' : 'role'
  } catch {
    return 'role'
  }
}

export function storeMode(mode: Mode): void {
  try {
    localStorage.setItem(KEY, mode)
  } catch {
    // Not kept: the next visit starts in role mode.
  }
}
