import { currentSession } from '../../session/session-store'
import type { MutationContext } from '../../sync/mutators'

/** Who writes: the signed-in user on this host (the outbox entry keeps both). */
export function mutationContext(): MutationContext {
  const session = currentSession()
  if (!session) throw new Error('No session: the shell only shows this screen signed in')
  return { userId: session.user.uuid, tenant: session.host }
}
