import type { RecoverPasswordResponse } from '../../contract/schemas/recovery'

/**
 * A password recovery in progress (SPEC §3/§4): the reset token with its expiry, the way chosen,
 * the questions flag and the address the code went to. Kept for this tab only, cleared on success.
 */
export interface RecoveryState extends RecoverPasswordResponse {
  username: string
}

const KEY = 'passwordRecovery'

export function saveRecovery(state: RecoveryState | null): void {
  try {
    if (state) sessionStorage.setItem(KEY, JSON.stringify(state))
    else sessionStorage.removeItem(KEY)
  } catch {
    // No session storage: the flow starts over on reload.
  }
}

export function currentRecovery(): RecoveryState | null {
  try {
    const text = sessionStorage.getItem(KEY)
    return text ? (JSON.parse(text) as RecoveryState) : null
  } catch {
    return null
  }
}

/** SPEC §4: a reset token is expired when expires_at is not in the future. */
export const recoveryExpired = (state: RecoveryState | null, now = Date.now()) =>
  !state || Date.parse(state.expires_at) <= now
