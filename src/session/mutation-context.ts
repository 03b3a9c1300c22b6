import type { MutationContext } from '../sync/mutators'
import { currentSession } from './session-store'

/** Who writes: the signed-in user on this host (every outbox entry keeps both). */
export function mutationContext(): MutationContext {
  const session = currentSession()
  if (!session) throw new Error('No session: screens that write are shown signed in only')
  const { user } = session
  return {
    userId: user.uuid,
    tenant: session.host,
    userName: `${user.name} ${user.last_name}`.trim(),
    patientId: user.patient_id,
  }
}
