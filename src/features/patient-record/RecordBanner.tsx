import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useReferenceList } from '../../catalogs/use-catalog'
import type { LocalPatient, LocalRecordSection } from '../../db/local-db'
import { ageOn } from './age'
import { PatientLabels } from './PatientLabels'
import { summaryOf } from './SectionPanel'

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * The head of a patient's record, as mature clinical apps open one: who the patient is (name,
 * age, sex, CURP, payroll number, blood type), what a professional must see before anything else
 * (allergies, alerts, special labels), who looks after them, and the actions the record has.
 */
export function RecordBanner({
  patient,
  allergies,
  alerts,
  canEdit,
  canConsult,
  canTriage = false,
  canSeeVaccinations = false,
  canExamine = false,
  canAdmit = false,
  canTakeShortHistory = false,
  canCertify = false,
  canSeeDisabilities = false,
}: {
  patient: LocalPatient
  allergies: LocalRecordSection[]
  alerts: LocalRecordSection[]
  canEdit: boolean
  /** The user may record a consultation (SPEC §2 medical-consultation-create). */
  canConsult: boolean
  /** The user may record a COVID triage (SPEC §2 covid-create). */
  canTriage?: boolean
  /** The user may open the patient's vaccination card (SPEC §2 vaccinations-card). */
  canSeeVaccinations?: boolean
  /** The user may record a periodic exam (SPEC §2 periodic-exams-create). */
  canExamine?: boolean
  /** The user may start an admission exam (SPEC §2 medical-exam-create). */
  canAdmit?: boolean
  /** The user may take a short clinical history (SPEC §2 clinical-history-create). */
  canTakeShortHistory?: boolean
  /** The user may issue a health status certificate (SPEC §2 certificate-health-status-create). */
  canCertify?: boolean
  /** The user may open the patient's disabilities (SPEC §2 record-disabilities-detail). */
  canSeeDisabilities?: boolean
}) {
  const { t } = useLingui()
  const genders = useReferenceList('genders')
  const name = [patient.name, patient.last_name, patient.second_last_name].filter(Boolean).join(' ')
  const age = ageOn(patient.birth_date, new Date())
  const sexes: Record<string, string> = { female: t`Mujer`, male: t`Hombre`, intersex: t`Intersexual` }
  const sexCode = text(patient.biological_sex)
  const genderCode = text(patient.gender)
  const sex = sexCode
    ? (sexes[sexCode] ?? sexCode)
    : genderCode
      ? (genders?.find((item) => item.code === genderCode)?.name ?? genderCode)
      : null
  const assigned = texts(patient.assigned_user_names)
  const facts: [string, string | null][] = [
    [t`Edad`, age === null ? null : t`${age} años`],
    [t`Sexo`, sex],
    [t`CURP`, text(patient.curp)],
    [t`Número de nómina`, text(patient.payroll_number)],
    [t`Tipo de sangre`, text(patient.blood_type)],
    [t`Profesional asignado`, assigned.length > 0 ? assigned.join(', ') : t`Sin asignar`],
  ]
  const warnings: [string, LocalRecordSection[]][] = [
    [t`Alergias`, allergies],
    [t`Alertas`, alerts],
  ]
  return (
    <header className="record-banner">
      <div className="record-banner__top">
        <h1 className="record-banner__name" aria-label={t`Expediente de ${name}`}>
          {name}
        </h1>
        <div className="record-banner__actions">
          {canConsult && (
            <Link
              to="/medical-consultation/create/$patientId"
              params={{ patientId: patient.id }}
              className="button"
              data-variant="primary"
            >
              <Trans>Nueva consulta</Trans>
            </Link>
          )}
          {canTriage && (
            <Link
              to="/covid/create/$id"
              params={{ id: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Triage COVID</Trans>
            </Link>
          )}
          {canSeeVaccinations && (
            <Link
              to="/vaccinations/card/$id"
              params={{ id: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Vacunas</Trans>
            </Link>
          )}
          {canExamine && (
            <Link
              to="/digital-record/periodic-exams/create/$patientId"
              params={{ patientId: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Examen periódico</Trans>
            </Link>
          )}
          {canAdmit && (
            <Link
              to="/digital-record/medical-exam/create/$patientId"
              params={{ patientId: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Examen de admisión</Trans>
            </Link>
          )}
          {canTakeShortHistory && (
            <Link
              to="/clinical-history/create/$patientId"
              params={{ patientId: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Historia clínica breve</Trans>
            </Link>
          )}
          {canCertify && (
            <Link
              to="/digital-record/medical-reports/certificate-health-status/create/$patientId"
              params={{ patientId: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Certificado de salud</Trans>
            </Link>
          )}
          {canSeeDisabilities && (
            <Link
              to="/digital-record/medical-reports/record-disabilities/detail/$patientId"
              params={{ patientId: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Incapacidades</Trans>
            </Link>
          )}
          {canEdit && (
            <Link
              to="/patients/edit/$id"
              params={{ id: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Editar datos</Trans>
            </Link>
          )}
          <a href="#record-self-tracking-title" className="button" data-variant="secondary">
            <Trans>Lecturas de autocontrol</Trans>
          </a>
          <Link to="/patients" className="button" data-variant="ghost">
            <Trans>Volver a pacientes</Trans>
          </Link>
        </div>
      </div>
      <dl className="record-banner__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <div className="record-banner__warnings">
        {warnings.map(([label, entries]) => (
          <p key={label} className="record-banner__warning" data-empty={entries.length === 0 || undefined}>
            <strong>{label}:</strong>{' '}
            {entries.length === 0 ? (
              <Trans>Ninguna registrada</Trans>
            ) : (
              entries.map((entry) => summaryOf(entry, undefined)).join('; ')
            )}
          </p>
        ))}
      </div>
      <PatientLabels
        sublabelIds={
          Array.isArray(patient.special_sublabel_ids) ? patient.special_sublabel_ids.map(String) : []
        }
      />
    </header>
  )
}
