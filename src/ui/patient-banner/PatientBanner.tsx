import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useReferenceList } from '../../catalogs/use-catalog'
import type { LocalPatient } from '../../db/local-db'
import { ageOn } from './age'
import { PatientLabels } from './PatientLabels'
import './patient-banner.css'

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : []

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/**
 * The head of a patient's record, as mature clinical apps open one: who the patient is (name,
 * age, sex, CURP, payroll number, blood type), what a professional must see before anything else
 * (allergies, alerts, special labels, a pregnancy), who looks after them, and the actions of the
 * page it heads. Shared by the record (`/patients/record/{id}`) and the digital record
 * (`/digital-record/{patient_id}`), each with its own actions.
 */
export function PatientBanner({
  patient,
  allergies,
  alerts,
  pregnancy = null,
  actions,
  heading,
}: {
  /** The patient's row as the device caches it (the server's read answers the same fields). */
  patient: LocalPatient
  /** Each allergy in one line (`recordEntrySummary`). */
  allergies: readonly string[]
  /** Each alert or special need in one line. */
  alerts: readonly string[]
  /** The pregnancy alert, in words, when the record's latest answer is yes. */
  pregnancy?: string | null
  actions?: ReactNode
  /** What the page is, read with the patient's name ("Expediente de …"). */
  heading?: (name: string) => string
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
  const warnings: [string, readonly string[]][] = [
    [t`Alergias`, allergies],
    [t`Alertas`, alerts],
  ]
  return (
    <header className="record-banner">
      <div className="record-banner__top">
        <h1 className="record-banner__name" aria-label={heading ? heading(name) : t`Expediente de ${name}`}>
          {name}
        </h1>
        {actions && <div className="record-banner__actions">{actions}</div>}
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
            {entries.length === 0 ? <Trans>Ninguna registrada</Trans> : entries.join('; ')}
          </p>
        ))}
        {pregnancy && (
          <p className="record-banner__warning">
            <strong>{t`Embarazo`}:</strong> {pregnancy}
          </p>
        )}
      </div>
      <PatientLabels
        sublabelIds={
          Array.isArray(patient.special_sublabel_ids) ? patient.special_sublabel_ids.map(String) : []
        }
      />
    </header>
  )
}
