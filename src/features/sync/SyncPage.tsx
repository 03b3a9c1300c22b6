import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState, useSyncExternalStore } from 'react'
import type { ReadingKind } from '../../contract/schemas/readings'
import type { Conflict, LocalDb, OutboxEntry } from '../../db/local-db'
import { SECTION_TITLES } from '../../i18n/record-section-titles'
import { currentSession } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { currentEngine } from '../../sync/current-engine'
import { discard, isFailingTooLong, retry } from '../../sync/outbox'
import { subscribeToUploads, type UploadProgress, uploadsInProgress } from '../../sync/upload-progress'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DeviceStorage } from '../../ui/DeviceStorage'
import { formatDateTime } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { ProgressBar } from '../../ui/ProgressBar'
import { Spinner } from '../../ui/Spinner'
import { ConflictResolver } from './ConflictResolver'
import { DiscardDialog } from './DiscardDialog'
import { EditEntryDialog } from './EditEntryDialog'
import { type EntrySubject, subjectsOf } from './entry-subjects'
import './sync.css'

/**
 * DESIGN §5: nothing is dropped silently. The changes still on this device, in the order they go
 * out; the rejected and blocked ones can be tried again or discarded with a reason (recorded).
 */
export function SyncPage() {
  const { t, i18n } = useLingui()
  const db = useSyncEngine()?.db
  const queue = useLiveQuery(async () => {
    if (!db) return undefined
    const entries = await db.outbox.orderBy('seq').toArray()
    return { entries, subjects: await subjectsOf(db, entries, currentSession()?.user ?? null) }
  }, [db])
  const conflicts = useLiveQuery(async () => (db ? conflictsByRecord(db) : undefined), [db])
  const [doomed, setDoomed] = useState<OutboxEntry | null>(null)
  const [editing, setEditing] = useState<OutboxEntry | null>(null)
  const uploads = useSyncExternalStore(subscribeToUploads, uploadsInProgress)

  // The provider's host keeps no clinic's data on the device and starts no sync (issue 17).
  if (currentSession()?.isLandlord) {
    return (
      <>
        <PageHeader title={t`Sincronización`} />
        <p>
          <Trans>
            El proveedor no guarda datos de las clínicas en este dispositivo: no hay nada que sincronizar.
          </Trans>
        </p>
      </>
    )
  }
  if (!db || !queue || !conflicts) return <Spinner />
  const { entries, subjects } = queue
  const statusText: Record<OutboxEntry['status'], string> = {
    pending: t`Por enviar`,
    sending: t`Enviando`,
    conflict: t`En conflicto`,
    rejected: t`Rechazado`,
    blocked: t`Bloqueado (depende de uno rechazado)`,
  }
  const actionText: Record<OutboxEntry['kind'], string> = {
    'patient.create': t`Alta de paciente`,
    'patient.update': t`Cambio de paciente`,
    'patientProfile.update': t`Cambio de mi perfil`,
    'reading.create': t`Nueva lectura`,
    'reading.update': t`Corrección de lectura`,
    'reading.delete': t`Baja de lectura`,
    'recordSection.create': t`Alta en el expediente`,
    'recordSection.update': t`Cambio en el expediente`,
    'recordSection.delete': t`Baja en el expediente`,
    'encounter.create': t`Nueva consulta`,
    'encounter.update': t`Corrección de consulta`,
    'attachment.create': t`Archivo adjunto`,
    'attachment.delete': t`Retiro de un archivo adjunto`,
    'covidConsultation.create': t`Nueva consulta de triage COVID`,
    'covidDecline.create': t`Seguimiento COVID no realizado`,
    'covidReclassification.create': t`Reclasificación de triage COVID`,
    'covidTest.create': t`Nueva prueba COVID`,
    'covidTest.update': t`Corrección de prueba COVID`,
    'covidTest.delete': t`Baja de prueba COVID`,
    'vaccinationRecord.create': t`Nueva dosis de vacuna`,
    'vaccinationRecord.update': t`Corrección de dosis de vacuna`,
    'vaccinationRecord.delete': t`Baja de dosis de vacuna`,
    'periodicExam.create': t`Nuevo examen periódico`,
    'periodicExam.update': t`Corrección de examen periódico`,
    'periodicExam.delete': t`Baja de examen periódico`,
    'periodicExam.removeClinicalExam': t`Retiro de un examen clínico del examen periódico`,
    'admissionExam.create': t`Nuevo examen de admisión`,
    'admissionExam.update': t`Avance o corrección de examen de admisión`,
    'admissionExam.removeTreatment': t`Retiro de un tratamiento del examen de admisión`,
    'shortHistory.create': t`Nueva historia clínica breve`,
    'shortHistory.update': t`Corrección de historia clínica breve`,
    'shortHistory.delete': t`Baja de historia clínica breve`,
    'healthCertificate.create': t`Nuevo certificado de estado de salud`,
    'healthCertificate.update': t`Corrección de certificado de estado de salud`,
    'disability.create': t`Nueva incapacidad`,
    'disability.update': t`Corrección de incapacidad`,
    'disability.delete': t`Baja de incapacidad`,
    'incidentReport.create': t`Nuevo aviso ST-7`,
    'incidentReport.update': t`Corrección de aviso ST-7`,
    'recordOpening.create': t`Consulta del expediente sin conexión`,
  }
  const readingText: Record<ReadingKind, string> = {
    'blood-pressure': t`Lectura de presión arterial`,
    glucose: t`Lectura de glucosa`,
    somatometry: t`Somatometría`,
    nutrition: t`Registro de nutrición`,
    habit: t`Registro de hábitos`,
  }
  /** What the entry is, and whose: "Lectura de presión arterial de Rosa Elena Quintero". */
  const titleOf = (entry: OutboxEntry, subject: EntrySubject | undefined): string => {
    const patient = subject?.patient ?? t`un paciente que ya no está en este dispositivo`
    switch (entry.entity) {
      case 'patient':
        return entry.kind === 'patientProfile.update' ? t`Mi perfil` : t`Datos de ${patient}`
      case 'reading': {
        const what = subject?.reading ? readingText[subject.reading] : t`Lectura`
        return t`${what} de ${patient}`
      }
      case 'recordSection': {
        const section = subject?.section ? i18n._(SECTION_TITLES[subject.section]) : t`Expediente`
        return t`${section} en el expediente de ${patient}`
      }
      case 'encounter':
        return t`Consulta médica de ${patient}`
      case 'covidConsultation':
        return t`Triage COVID de ${patient}`
      case 'covidReclassification':
        return t`Reclasificación de triage de ${patient}`
      case 'covidDecline':
        return t`Seguimiento COVID de ${patient}`
      case 'covidTest':
        return t`Prueba COVID de ${patient}`
      case 'vaccinationRecord':
        return t`Vacunación de ${patient}`
      case 'periodicExam':
        return t`Examen periódico de ${patient}`
      case 'admissionExam':
        return t`Examen de admisión de ${patient}`
      case 'shortHistory':
        return t`Historia clínica breve de ${patient}`
      case 'healthCertificate':
        return t`Certificado de estado de salud de ${patient}`
      case 'disability':
        return t`Incapacidad de ${patient}`
      case 'incidentReport':
        return t`Aviso ST-7 de ${patient}`
      case 'recordOpening':
        return subject?.screen === 'patient-record'
          ? t`Apertura del expediente de ${patient}`
          : t`Apertura del expediente digital de ${patient}`
      case 'attachment': {
        const file = subject?.file ?? t`Un archivo`
        return t`${file} en el expediente de ${patient}`
      }
    }
  }
  /** Why the entry still waits, in words (the outbox keeps a code, or the server's message). */
  const reasonOf = (entry: OutboxEntry): string | null => {
    // A refused file says why in its field's message (type or size, SPEC §5), not the summary.
    const fileRefusal = entry.entity === 'attachment' ? entry.fieldErrors?.file?.join(' ') : undefined
    if (fileRefusal) return t`El servidor rechazó el archivo: ${fileRefusal}`
    switch (entry.lastError) {
      case 'file.missing':
        return t`El archivo ya no está en este dispositivo`
      case null:
        return null
      case 'network':
        return t`Sin conexión: se enviará al volver la red`
      case 'retry':
        return entry.failingSince === undefined
          ? t`El servidor pidió esperar: se enviará de nuevo en un momento`
          : t`El servidor no pudo guardarlo: se intentará de nuevo`
      case 'version-mismatch':
        return entry.status === 'rejected'
          ? t`El servidor ya tiene otra versión de este registro y no se pudo conciliar`
          : t`Alguien más cambió este registro: se está conciliando con la versión del servidor`
      default:
        return t`El servidor lo rechazó: ${entry.lastError}`
    }
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
  const when = (iso: string) => formatDateTime(iso)

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
            <li
              key={entry.mutationId}
              className="sync-queue__entry"
              data-status={entry.status}
              data-attention={isFailingTooLong(entry, Date.now()) || undefined}
            >
              <strong>{titleOf(entry, subjects.get(entry.mutationId))}</strong>
              <span>{actionText[entry.kind]}</span>
              <span>{statusText[entry.status]}</span>
              <small>
                <Trans>Registrado {when(entry.createdAt)}</Trans>
                {entry.attempts > 0 && (
                  <>
                    {' · '}
                    <span>
                      <Plural value={entry.attempts} one="# intento" other="# intentos" />
                    </span>
                  </>
                )}
              </small>
              {entry.status === 'sending' && uploads.has(entry.mutationId) && (
                <UploadBar progress={uploads.get(entry.mutationId)} />
              )}
              {entry.lastError && <Alert>{reasonOf(entry)}</Alert>}
              {isFailingTooLong(entry, Date.now()) && (
                <Alert>
                  <Trans>
                    Requiere atención: el servidor lleva más de un día sin poder guardar este cambio. Se sigue
                    intentando; si no se resuelve, avisa al administrador.
                  </Trans>
                </Alert>
              )}
              {(entry.status === 'rejected' || entry.status === 'blocked') && (
                <span className="row-actions">
                  <Button variant="secondary" onClick={() => void again(entry)}>
                    <Trans>Reintentar</Trans>
                  </Button>
                  {entry.status === 'rejected' && entry.entity !== 'attachment' && (
                    <Button variant="secondary" onClick={() => setEditing(entry)}>
                      <Trans>Corregir</Trans>
                    </Button>
                  )}
                  <Button variant="ghost" onClick={() => setDoomed(entry)}>
                    <Trans>Descartar</Trans>
                  </Button>
                </span>
              )}
              {entry.status === 'conflict' && (
                <span className="row-actions">
                  <a href="#conflicts">
                    <Trans>Resolver el conflicto</Trans>
                  </a>
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
          <h2 id="conflicts">
            <Trans>Conflictos</Trans>
          </h2>
          <p>
            <Trans>
              Alguien más cambió los mismos datos en el servidor. Elige, campo por campo, qué valor se queda.
            </Trans>
          </p>
          {conflicts.map((record) => (
            <ConflictResolver
              key={record.entityId}
              db={db}
              title={record.title ?? t`Registro ${record.entityId}`}
              conflicts={record.conflicts}
            />
          ))}
        </>
      )}
      <DeviceStorage />
      {editing && <EditEntryDialog db={db} entry={editing} onClose={() => setEditing(null)} />}
      <DiscardDialog
        open={doomed !== null}
        onConfirm={(reason) => void drop(reason)}
        onCancel={() => setDoomed(null)}
      />
    </section>
  )
}

/** How much of a file has gone to the server, while it goes. */
function UploadBar({ progress }: { progress: UploadProgress | undefined }) {
  const { t } = useLingui()
  const total = progress?.total ?? null
  return (
    <ProgressBar
      label={t`Subiendo el archivo`}
      value={total === null ? null : (progress?.loaded ?? 0)}
      max={total ?? 100}
    />
  )
}

/** The conflicts of each record, with the name people know the record by. */
async function conflictsByRecord(
  db: LocalDb,
): Promise<{ entityId: string; title: string | undefined; conflicts: Conflict[] }[]> {
  const records = new Map<string, Conflict[]>()
  for (const conflict of await db.conflicts.toArray()) {
    records.set(conflict.entityId, [...(records.get(conflict.entityId) ?? []), conflict])
  }
  return Promise.all(
    [...records].map(async ([entityId, conflicts]) => {
      const patient = conflicts[0]?.entity === 'patient' ? await db.patients.get(entityId) : undefined
      const title = patient
        ? [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')
        : undefined
      return { entityId, title, conflicts }
    }),
  )
}
