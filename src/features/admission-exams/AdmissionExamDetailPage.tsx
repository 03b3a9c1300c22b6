import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { type ReactNode, useId, useState } from 'react'
import { admissionExamFiles } from '../../contract/endpoints/admission-exams'
import { isoToDateText } from '../../contract/rules/formats'
import { bodyMassIndex } from '../../contract/rules/vital-ranges'
import { BODY_REGIONS, BODY_SYSTEMS } from '../../contract/schemas/admission-exams'
import { filesOf } from '../../db/files'
import type { LocalAdmissionExam } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { RecordFiles } from '../../ui/files/RecordFiles'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { FIXED_UNITS, VITAL_SIGN_FIELDS, VITAL_SIGN_NAMES } from '../../ui/vital-signs/vital-signs'
import { AdmissionAmendments } from './AdmissionAmendments'
import { PERSONAL_FIELDS } from './admission-form-values'
import {
  AGENT_NAMES,
  HOUSING_SERVICE_NAMES,
  HOUSING_TYPE_NAMES,
  PERSONAL_NAMES,
  REGION_NAMES,
  RELATIVE_NAMES,
  RESULT_NAMES,
  STEP_NAMES,
  SUBSTANCE_NAMES,
  SYSTEM_NAMES,
} from './admission-texts'
import './admission-exams.css'

const SI_UNITS: Record<string, string> = { weight_kg: 'kg', height_m: 'm', temperature_c: '°C' }

/** One section of the detail: its title, and its rows or a note that it is not filled yet. */
function Section({ title, filled, children }: { title: string; filled: boolean; children: ReactNode }) {
  const id = useId()
  return (
    <section className="form-card admission-detail__section" aria-labelledby={id}>
      <h2 id={id} className="admission-detail__title">
        {title}
      </h2>
      {filled ? (
        children
      ) : (
        <p className="form-hint">
          <Trans>Sección pendiente.</Trans>
        </p>
      )}
    </section>
  )
}

/** Label–value rows; an empty value shows as a dash. */
function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="admission-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="admission-facts__row">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * SPEC §2 /digital-record/medical-exam/detail/{patient_id}/{id}: the whole admission exam read
 * only from the device (every section, treatments, result, lab files, amendment history), its
 * PDF built on the device, and the way to edit it.
 */
export function AdmissionExamDetailPage({ patientId, examId }: { patientId: string; examId: string }) {
  const { t, i18n } = useLingui()
  const db = useSyncEngine()?.db
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, exam] = await Promise.all([db.patients.get(patientId), db.admissionExams.get(examId)])
    const files = exam ? await filesOf(db, admissionExamFiles.kind, exam.id) : []
    return { patient: patient ?? null, exam: exam ?? null, files }
  }, [db, patientId, examId])
  const [printing, setPrinting] = useState(false)
  const canEdit = hasPermission(currentSession(), 'medical-exam-edit')

  if (!db || !data) return <Spinner />
  const { patient, exam, files } = data
  const title = t`Examen de admisión`
  if (!patient || !exam || exam.patient_id !== patientId || exam.deleted_at) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          <Trans>Este examen no está en este dispositivo.</Trans>
        </Alert>
        <Link to="/patients">
          <Trans>Volver a pacientes</Trans>
        </Link>
      </section>
    )
  }
  const name = (names: Record<string, MessageDescriptor>, code: string) =>
    names[code] ? i18n._(names[code]) : code
  const download = async (shown: LocalAdmissionExam) => {
    setPrinting(true)
    try {
      // jsPDF is a large download most visits never use: fetched only when the PDF is asked for.
      const { downloadAdmissionExamDocument } = await import('../../reports/admission-exam-document')
      await downloadAdmissionExamDocument(db, shown, i18n.locale === 'en' ? 'en' : 'es')
    } catch (error) {
      notify(errorMessage(error, i18n))
    } finally {
      setPrinting(false)
    }
  }
  const family = exam.family_history
  const hygiene = exam.hygiene_housing
  const personal = exam.personal_background
  const work = exam.work_background
  const systems = exam.systems_interrogation
  const physical = exam.physical_exploration
  const labs = exam.lab_results
  const treatments = exam.treatments.filter((row) => !row.deleted_at)
  const consumptionText = ({
    consumption,
    times_per_week: times,
    age_started: age,
  }: {
    consumption: number
    times_per_week: number
    age_started: number | null
  }) =>
    age
      ? t`${consumption} por ocasión, ${times} veces por semana, desde los ${age} años`
      : t`${consumption} por ocasión, ${times} veces por semana`
  const yearsText = (years: number) => t`${years} años`
  const yesNo = (value: boolean | null) => (value === null ? t`No se sabe` : value ? t`Sí` : t`No`)
  return (
    <section className="page admission-detail">
      <PageHeader title={title} />
      <p className="admission-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="admission-detail__actions">
        {canEdit && (
          <Link
            className="button"
            data-variant="primary"
            to="/digital-record/medical-exam/edit/$patientId/$examId"
            params={{ patientId, examId }}
          >
            <Trans>Editar examen</Trans>
          </Link>
        )}
        <Button variant="secondary" loading={printing} onClick={() => void download(exam)}>
          <Trans>Descargar PDF</Trans>
        </Button>
      </div>
      <Section title={i18n._(STEP_NAMES.general)} filled>
        <Facts
          rows={[
            [t`Fecha del examen`, isoToDateText(exam.examined_on)],
            [t`Puesto al que aspira`, exam.position],
            [t`Resultado`, exam.result ? name(RESULT_NAMES, exam.result) : t`Borrador (sin resultado)`],
            ...(exam.result === 'complies_with_conditions'
              ? [[t`Condiciones`, exam.conditions] as const]
              : []),
            [t`Observaciones`, exam.observations],
            [t`Registró`, exam.author?.name],
          ]}
        />
      </Section>
      <Section title={i18n._(STEP_NAMES.family_history)} filled={family !== null}>
        {family && (
          <>
            {family.entries.length === 0 ? (
              <p>
                <Trans>Sin antecedentes.</Trans>
              </p>
            ) : (
              <ul className="admission-detail__list">
                {family.entries.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored list, shown in its order
                  <li key={index}>
                    {name(RELATIVE_NAMES, entry.relative)}: {entry.condition} ({t`vive`}: {yesNo(entry.alive)}
                    )
                  </li>
                ))}
              </ul>
            )}
            <Facts rows={[[t`Notas`, family.notes]]} />
          </>
        )}
      </Section>
      <Section title={i18n._(STEP_NAMES.hygiene_housing)} filled={hygiene !== null}>
        {hygiene && (
          <Facts
            rows={[
              ...hygiene.consumptions.map(
                (c) => [name(SUBSTANCE_NAMES, c.substance), consumptionText(c)] as const,
              ),
              [t`Actividad física`, hygiene.physical_activity],
              [t`Días de actividad por semana`, hygiene.activity_times_per_week],
              [t`Baños por semana`, hygiene.baths_per_week],
              [t`Tipo de vivienda`, name(HOUSING_TYPE_NAMES, hygiene.housing_type)],
              [
                t`Servicios`,
                hygiene.housing_services.map((code) => name(HOUSING_SERVICE_NAMES, code)).join(', '),
              ],
              [t`Habitantes`, hygiene.inhabitants],
              [t`Mascotas`, hygiene.pets],
              [t`Notas`, hygiene.notes],
            ]}
          />
        )}
      </Section>
      <Section title={i18n._(STEP_NAMES.personal_background)} filled={personal !== null}>
        {personal && (
          <Facts rows={PERSONAL_FIELDS.map((field) => [name(PERSONAL_NAMES, field), personal[field]])} />
        )}
      </Section>
      <Section title={i18n._(STEP_NAMES.work_background)} filled={work !== null}>
        {work && (
          <>
            {work.previous_jobs.length === 0 ? (
              <p>
                <Trans>Sin empleos anteriores.</Trans>
              </p>
            ) : (
              <ul className="admission-detail__list">
                {work.previous_jobs.map((job, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored list, shown in its order
                  <li key={index}>
                    <strong>{job.company}</strong> — {job.position} ({yearsText(job.years)})
                    {job.exposures.length > 0 && (
                      <div>
                        {t`Exposiciones`}:{' '}
                        {job.exposures
                          .map(
                            (e) =>
                              `${name(AGENT_NAMES, e.agent)} ${yearsText(e.years)}${e.notes ? ` (${e.notes})` : ''}`,
                          )
                          .join('; ')}
                      </div>
                    )}
                    {job.protective_equipment && (
                      <div>
                        {t`Equipo de protección`}: {job.protective_equipment}
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Facts
              rows={[
                [t`Accidentes de trabajo`, work.work_accidents],
                [t`Enfermedades de trabajo`, work.occupational_diseases],
              ]}
            />
          </>
        )}
      </Section>
      <Section title={i18n._(STEP_NAMES.systems_interrogation)} filled={systems !== null}>
        {systems && (
          <Facts rows={BODY_SYSTEMS.map((system) => [name(SYSTEM_NAMES, system), systems[system]])} />
        )}
      </Section>
      <Section title={i18n._(STEP_NAMES.physical_exploration)} filled={physical !== null}>
        {physical && (
          <Facts
            rows={[
              ...VITAL_SIGN_FIELDS.map(({ sign }) => {
                const value = physical[sign]
                const unit = SI_UNITS[sign] ?? FIXED_UNITS[sign] ?? ''
                return [i18n._(VITAL_SIGN_NAMES[sign]), value == null ? null : `${value} ${unit}`] as const
              }),
              [t`IMC (kg/m²)`, bodyMassIndex(physical.weight_kg, physical.height_m)],
              [t`Cintura (cm)`, physical.waist_cm],
              [t`Cadera (cm)`, physical.hip_cm],
              [t`Agudeza visual, ojo derecho`, physical.visual_acuity_right],
              [t`Agudeza visual, ojo izquierdo`, physical.visual_acuity_left],
              ...BODY_REGIONS.map((region) => [name(REGION_NAMES, region), physical[region]] as const),
            ]}
          />
        )}
      </Section>
      <Section title={i18n._(STEP_NAMES.lab_results)} filled={labs !== null}>
        {labs && (
          <>
            {labs.results.length === 0 ? (
              <p>
                <Trans>Sin resultados.</Trans>
              </p>
            ) : (
              <ul className="admission-detail__list">
                {labs.results.map((row) => (
                  <li key={row.id}>
                    <strong>{row.name}</strong>
                    {row.performed_on ? ` (${isoToDateText(row.performed_on)})` : ''}: {row.result}
                  </li>
                ))}
              </ul>
            )}
            <Facts rows={[[t`Notas`, labs.notes]]} />
          </>
        )}
        <RecordFiles
          db={db}
          owner={admissionExamFiles}
          ownerId={exam.id}
          attach={async () => undefined}
          files={files}
          readOnly
          title={t`Archivos de resultados`}
          texts={{
            savedHint: '',
            unsavedHint: '',
            listName: t`Archivos del examen`,
            pickedListName: t`Archivos por guardar con el examen`,
            empty: t`Este examen no tiene archivos.`,
            removeQuestion: (name) =>
              t`¿Quitar ${name} del examen? El expediente conserva el registro de que existió.`,
          }}
        />
      </Section>
      <Section title={i18n._(STEP_NAMES.treatments)} filled>
        {treatments.length === 0 ? (
          <p>
            <Trans>Sin tratamientos.</Trans>
          </p>
        ) : (
          <ul className="admission-detail__list">
            {treatments.map((row) => (
              <li key={row.id}>
                <strong>{row.medicine}</strong>
                {row.dose ? ` — ${row.dose}` : ''}
                {row.indications ? `. ${row.indications}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <AdmissionAmendments exam={exam} />
    </section>
  )
}
