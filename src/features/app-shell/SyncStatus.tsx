import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useConnection } from '../../api/connection'
import { useSyncEngine } from '../../session/use-sync-engine'
import { LAST_PULL_KEY } from '../../sync/engine'
import { needsAttentionCount, pendingCount } from '../../sync/outbox'
import { formatTime } from '../../ui/format-date'
import type { PullState } from './use-engine-lifecycle'

/**
 * The header's sync status (DESIGN §5): online or offline as the last request found it, the
 * changes waiting to be sent, the last complete sync, and a badge for what needs a person.
 */
export function SyncStatus({ pull, landlord }: { pull: PullState; landlord: boolean }) {
  const { t } = useLingui()
  const connection = useConnection()
  const engine = useSyncEngine()
  const db = engine?.db
  const pending = useLiveQuery(() => (db ? pendingCount(db) : 0), [db]) ?? 0
  const attention = useLiveQuery(() => (db ? needsAttentionCount(db) : 0), [db]) ?? 0
  const lastPull = useLiveQuery(
    async () => (db ? ((await db.meta.get(LAST_PULL_KEY))?.value as number | undefined) : undefined),
    [db],
  )
  const since = lastPull ? formatTime(lastPull) : null
  // The provider's host syncs nothing: only the connection, and no way to an empty queue.
  if (landlord) {
    return (
      <span className="sync-status" aria-live="polite">
        <span className="sync-status__dot" data-connection={connection} />
        <span>{connection === 'offline' ? t`Sin conexión` : t`En línea`}</span>
      </span>
    )
  }
  return (
    <Link to="/sync" className="sync-status" aria-live="polite">
      <span className="sync-status__dot" data-connection={connection} />
      <span>{connection === 'offline' ? t`Sin conexión` : t`En línea`}</span>
      {pull.status === 'pulling' && (
        <span className="sync-status__progress">
          <Trans>Sincronizando… {pull.applied} registros</Trans>
        </span>
      )}
      {pull.status === 'failed' && pull.full && (
        <span className="sync-status__badge" data-tone="error">
          <Trans>Sin espacio en el dispositivo</Trans>
        </span>
      )}
      {pending > 0 && (
        <span className="sync-status__badge">
          <Trans>{pending} por enviar</Trans>
        </span>
      )}
      {attention > 0 && (
        <span className="sync-status__badge" data-tone="error">
          <Trans>{attention} requieren atención</Trans>
        </span>
      )}
      {since && pull.status !== 'pulling' && (
        <span className="sync-status__since">
          <Trans>Sincronizado a las {since}</Trans>
        </span>
      )}
    </Link>
  )
}
