import { useLingui } from '@lingui/react/macro'
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
  const applied = pull.status === 'pulling' ? pull.applied : 0
  const parts = {
    connection: connection === 'offline' ? t`Sin conexión` : t`En línea`,
    pulling: pull.status === 'pulling' ? t`Sincronizando… ${applied} registros` : null,
    full: pull.status === 'failed' && pull.full ? t`Sin espacio en el dispositivo` : null,
    pending: pending > 0 ? t`${pending} por enviar` : null,
    attention: attention > 0 ? t`${attention} requieren atención` : null,
    since: since && pull.status !== 'pulling' ? t`Sincronizado a las ${since}` : null,
  }
  // The provider's host syncs nothing: only the connection, and no way to an empty queue.
  if (landlord) {
    return (
      <span className="sync-status" aria-live="polite">
        <span className="sync-status__dot" data-connection={connection} />
        <Part full={parts.connection} />
      </span>
    )
  }
  return (
    <Link
      to="/sync"
      className="sync-status"
      aria-live="polite"
      // A phone shows icons and counts; the whole state stays in words for a pointer's hover.
      title={Object.values(parts).filter(Boolean).join(' · ')}
    >
      <span className="sync-status__dot" data-connection={connection} />
      <Part full={parts.connection} />
      {parts.pulling && (
        <Part className="sync-status__progress" full={parts.pulling} short={`↻ ${applied}`} />
      )}
      {parts.full && <Part className="sync-status__badge" tone="error" full={parts.full} short="!" />}
      {parts.pending && <Part className="sync-status__badge" full={parts.pending} short={`↑ ${pending}`} />}
      {parts.attention && (
        <Part className="sync-status__badge" tone="error" full={parts.attention} short={`! ${attention}`} />
      )}
      {parts.since && <span className="sync-status__since">{parts.since}</span>}
    </Link>
  )
}

/**
 * One part of the state in words; on a phone (app-shell.css) the words are only read aloud and
 * the short form, an icon and a count, is what shows. A part with no short form is not shown
 * there at all (the dot's shape tells online from offline).
 */
function Part({
  full,
  short,
  className,
  tone,
}: {
  full: string
  short?: string
  className?: string
  tone?: 'error'
}) {
  return (
    <span className={className} data-tone={tone}>
      <span className="sync-status__full">{full}</span>
      {short && (
        <span className="sync-status__short" aria-hidden="true">
          {short}
        </span>
      )}
    </span>
  )
}
