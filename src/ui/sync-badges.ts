import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SyncState } from '../db/local-db'

/** The badge of a row not yet settled with the server; a synced one shows none. */
export const SYNC_BADGES: Record<Exclude<SyncState, 'synced'>, MessageDescriptor> = {
  pending: msg`Por enviar`,
  conflict: msg`En conflicto`,
  rejected: msg`Rechazado`,
}
