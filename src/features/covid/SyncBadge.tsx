import { useLingui } from '@lingui/react/macro'
import type { SyncState } from '../../db/local-db'

/** A record's state while the server has not got it: "Por enviar", "En conflicto", "Rechazado". */
export function SyncBadge({ state }: { state: SyncState }) {
  const { t } = useLingui()
  if (state === 'synced') return null
  const text = state === 'pending' ? t`Por enviar` : state === 'conflict' ? t`En conflicto` : t`Rechazado`
  return (
    <span className="covid-badge" data-state={state}>
      {text}
    </span>
  )
}
