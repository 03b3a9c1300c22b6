import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { OutboxEntry } from '../../db/local-db'
import { currentSession } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { currentEngine } from '../../sync/current-engine'
import { discard, retry } from '../../sync/outbox'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { DiscardDialog } from './DiscardDialog'
import './sync.css'

/**
 * DESIGN §5: nothing is dropped silently. The changes still on this device, in the order they go
 * out; the rejected and blocked ones can be tried again or discarded with a reason (recorded).
 */
export function SyncPage() {
  const { t, i18n } = useLingui()
  const db = useSyncEngine()?.db
  const entries = useLiveQuery(async () => (db ? db.outbox.orderBy('seq').toArray() : undefined), [db])
  const conflicts = useLiveQuery(async () => (db ? db.conflicts.toArray() : undefined), [db])
  const [doomed, setDoomed] = useState<OutboxEntry | null>(null)

  if (!db || !entries || !conflicts) return <Spinner />
  const statusText: Record<OutboxEntry['status'], string> = {
    pending: t`Por enviar`,
    sending: t`Enviando`,
    conflict: t`En conflicto`,
    rejected: t`Rechazado`,
    blocked: t`Bloqueado (depende de uno rechazado)`,
  }
  const kindText: Record<OutboxEntry['kind'], string> = {
    'patient.create': t`Alta de paciente`,
    'patient.update': t`Cambio de paciente`,
    'reading.create': t`Lectura`,
  }
  const again = async (entry: OutboxEntry) => {
    await retry(db, entry.seq as number)
    currentEngine()?.loop.kick()
  }
  const drop = async (reason: string) => {
    if (!doomed) return
    await discard(db, doomed.seq as number, reason, currentSession()?.user.email ?? 'unknown')
    notify(t`Cambio descartado`)
    setDoomed(null)
  }
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))

  return (
    <section className="page">
      <PageHeader title={t`Sincronización`}>
        <Button variant="secondary" onClick={() => currentEngine()?.loop.kick()}>
          <Trans>Enviar ahora</Trans>
        </Button>
      </PageHeader>
      {entries.length === 0 ? (
        <p>
          <Trans>Todo lo registrado en este dispositivo ya llegó al servidor.</Trans>
        </p>
      ) : (
        <ol className="sync-queue">
          {entries.map((entry) => (
            <li key={entry.mutationId} className="sync-queue__entry" data-status={entry.status}>
              <strong>{kindText[entry.kind]}</strong>
              <span>{statusText[entry.status]}</span>
              <small>
                <Trans>Registrado {when(entry.createdAt)}</Trans>
                {entry.attempts > 0 && (
                  <>
                    {' · '}
                    <Trans>{entry.attempts} intentos</Trans>
                  </>
                )}
              </small>
              {entry.lastError && <Alert>{entry.lastError}</Alert>}
              {(entry.status === 'rejected' || entry.status === 'blocked' || entry.status === 'conflict') && (
                <span className="row-actions">
                  <Button variant="secondary" onClick={() => void again(entry)}>
                    <Trans>Reintentar</Trans>
                  </Button>
                  <Button variant="ghost" onClick={() => setDoomed(entry)}>
                    <Trans>Descartar</Trans>
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {conflicts.length > 0 && (
        <>
          <h2>
            <Trans>Conflictos</Trans>
          </h2>
          <table className="sync-conflicts">
            <caption className="visually-hidden">{t`Conflictos`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Campo`}</th>
                <th scope="col">{t`Antes`}</th>
                <th scope="col">{t`Mío`}</th>
                <th scope="col">{t`Del servidor`}</th>
              </tr>
            </thead>
            <tbody>
              {conflicts.map((conflict) => (
                <tr key={conflict.id}>
                  <td>{conflict.field}</td>
                  <td>{String(conflict.base ?? '')}</td>
                  <td>{String(conflict.mine ?? '')}</td>
                  <td>{String(conflict.theirs ?? '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <DiscardDialog
        open={doomed !== null}
        onConfirm={(reason) => void drop(reason)}
        onCancel={() => setDoomed(null)}
      />
    </section>
  )
}
