import type { MutationContext } from '../sync/mutators'
import { currentSession } from './session-store'

/** Who writes: the signed-in user on this host (every outbox entry keeps both). */
export function mutationContext(): MutationContext {
  const session = currentSession()
  if (!session) throw new Error('No session: screens that write are shown signed in only')
  return { userId: session.user.uuid, tenant: session.host }
}
