import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { LocalPatient, LocalRecordSection } from '../../db/local-db'
import { recordEntrySummary } from '../../documents/record-entry-summary'
import { PatientBanner } from '../../ui/patient-banner/PatientBanner'

/**
 * The head of a patient's record (the shared `PatientBanner`) with the actions the record has:
 * each module's new record for who may write it, the digital record, the patient's data.
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
  canSeeDigitalRecord = false,
  canTakeShortHistory = false,
  canCertify = false,
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
  /** The user may open the patient's digital record (SPEC §2 digital-record-index). */
  canSeeDigitalRecord?: boolean
  /** The user may take a short clinical history (SPEC §2 clinical-history-create). */
  canTakeShortHistory?: boolean
  /** The user may issue a health status certificate (SPEC §2 certificate-health-status-create). */
  canCertify?: boolean
}) {
  return (
    <PatientBanner
      patient={patient}
      allergies={allergies.map((entry) => recordEntrySummary(entry))}
      alerts={alerts.map((entry) => recordEntrySummary(entry))}
      actions={
        <>
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
          {canSeeDigitalRecord && (
            <Link
              to="/digital-record/$patientId"
              params={{ patientId: patient.id }}
              className="button"
              data-variant="secondary"
            >
              <Trans>Expediente digital</Trans>
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
        </>
      }
    />
  )
}
