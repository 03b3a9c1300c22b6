import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { memo, useCallback, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { encounterFiles } from '../../contract/endpoints/attachments'
import { encounterHistory, lastVitalSigns } from '../../db/encounters'
import { filesOf } from '../../db/files'
import type { LocalEncounter } from '../../db/local-db'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { AmendmentHistory } from './AmendmentHistory'
import { ConsultationDocuments } from './ConsultationDocuments'
import { ConsultationForm } from './ConsultationForm'
import { ConsultationList } from './ConsultationHistory'
import { PrescriptionSection, type RecordWarnings } from './PrescriptionSection'
import './consultations.css'

// The page draws again when it lists a consultation just saved: the form and the sections
// beside it keep what they drew unless their own data changed.
const Form = memo(ConsultationForm)
const Prescription = memo(PrescriptionSection)
const Documents = memo(ConsultationDocuments)
const Amendments = memo(AmendmentHistory)
const History = memo(ConsultationList)

/**
 * The value as last given while it reads the same (a plain record read again from the device):
 * a save that changes another row does not draw the form again for an equal copy of its data.
 */
function useSame<T>(value: T): T {
  const kept = useRef<{ value: T; text: string } | null>(null)
  const text = JSON.stringify(value) ?? ''
  if (kept.current?.text !== text) kept.current = { value, text }
  return kept.current.value
}

/**
 * SPEC §2 /medical-consultation/create/{patient_id} and edit/{patient_id}/{encounter_id}: the
 * consultation form over the device's data, so both open and save with no network. The
 * prescription opens once the consultation is saved (SPEC §5); an edit shows its amendments.
 * Beside them, the patient's consultations: a save shows there at once, and the route keeps this
 * page mounted from create to edit, so the saved consultation opens without the page redrawn.
 * Everything the page shows is read in one query, so it draws once, with its rows.
 */
export function ConsultationPage({
  patientId,
  encounterId,
  onSaved,
}: {
  patientId: string
  encounterId?: string
  /** After a save: to the consultation (a new one opens its edit page, where it takes its prescription). */
  onSaved: (encounter: LocalEncounter) => void
}) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, encounter, sections, history] = await Promise.all([
      db.patients.get(patientId),
      encounterId ? db.encounters.get(encounterId) : undefined,
      db.recordSections.where('patient_id').equals(patientId).toArray(),
      encounterHistory(db, patientId),
    ])
    const files = encounter ? await filesOf(db, encounterFiles.kind, encounter.id) : []
    const live = sections.filter((entry) => !entry.deleted_at)
    const warnings: RecordWarnings = {
      allergies: live
        .filter((entry) => entry.section === 'allergies-tolerances')
        .map((entry) => String(entry.description ?? '')),
      medications: live
        .filter((entry) => entry.section === 'active-medications')
        .map((entry) => String(entry.medicine ?? '')),
    }
    // A new consultation compares with the newest values; an amended one, with those before it.
    const last = await lastVitalSigns(db, patientId, encounter?.started_at)
    return {
      patientId,
      encounterId,
      patient: patient ?? null,
      encounter: encounter ?? null,
      warnings,
      last,
      history,
      files,
    }
  }, [db, patientId, encounterId])
  // The consultation this page has just saved, listed at once: its row does not wait for the
  // route to open it as itself nor for the list to be read again.
  const [justSaved, setJustSaved] = useState<LocalEncounter | null>(null)
  const afterSave = useRef(onSaved)
  afterSave.current = onSaved
  const saved = useCallback((encounter: LocalEncounter) => {
    // The row first, drawn on its own; then, after that frame, whatever the save leads to (a new
    // consultation opens as itself, which draws the form again).
    flushSync(() => setJustSaved(encounter))
    requestAnimationFrame(() => setTimeout(() => afterSave.current(encounter)))
  }, [])
  const session = currentSession()
  const canPrescribe = hasPermission(session, 'consultation.prescription')
  const canEdit = hasPermission(session, 'medical-consultation-edit')

  const last = useSame(data?.last ?? null)
  const files = useSame(data?.files ?? [])
  const warnings = useSame(data?.warnings ?? { allergies: [], medications: [] })
  const read = data?.history
  const history = useMemo(
    () =>
      read && justSaved && justSaved.patient_id === patientId && !read.some((row) => row.id === justSaved.id)
        ? [...read, justSaved].sort((a, b) => b.started_at.localeCompare(a.started_at))
        : read,
    [read, justSaved, patientId],
  )

  if (!db || !data || !history || data.patientId !== patientId) return <Spinner />
  // From create to edit after a save the page keeps drawing what it has read until the saved
  // consultation is read: the page follows its data, not the address, so it never shows a
  // consultation as missing in between.
  const { patient, encounter } = data
  const shownId = data.encounterId
  const title = shownId ? t`Editar consulta` : t`Nueva consulta`
  const name = patient
    ? [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')
    : ''
  if (!patient || patient.deleted_at || (shownId && (!encounter || encounter.patient_id !== patientId))) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient ? (
            <Trans>Esta consulta no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
        <Link to="/patients">
          <Trans>Volver a pacientes</Trans>
        </Link>
      </section>
    )
  }
  return (
    <section className="page consultation-page">
      <PageHeader title={title} />
      <p className="consultation-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {name}
        </Link>
      </p>
      <div className="consultation-page__layout">
        <div className="consultation-page__columns">
          <Form
            // Another consultation, or the one just created, starts a fresh form.
            key={`form-${encounter?.id ?? 'new'}`}
            db={db}
            patientId={patientId}
            encounter={encounter ?? undefined}
            last={last}
            files={files}
            onSaved={saved}
          />
          {canPrescribe && (
            <Prescription
              key={`prescription-${encounter?.id ?? 'new'}`}
              db={db}
              encounter={encounter ?? undefined}
              warnings={warnings}
            />
          )}
          {encounter && <Documents db={db} encounter={encounter} />}
          {encounter && <Amendments encounter={encounter} />}
        </div>
        <div className="consultation-page__history">
          <History
            patientId={patientId}
            encounters={history}
            canEdit={canEdit}
            currentId={encounter?.id ?? justSaved?.id}
          />
        </div>
      </div>
    </section>
  )
}
