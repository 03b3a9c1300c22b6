import { useLingui } from '@lingui/react/macro'
import type { SyncState } from '../db/local-db'
import { SYNC_BADGES } from './sync-badges'
import './components.css'

/** A record's state while the server has not got it: "Por enviar", "En conflicto", "Rechazado". */
export function SyncBadge({ state }: { state: SyncState }) {
  const { i18n } = useLingui()
  if (state === 'synced') return null
  return (
    <span className="sync-badge" data-state={state}>
      {i18n._(SYNC_BADGES[state])}
    </span>
  )
}
