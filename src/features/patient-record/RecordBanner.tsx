import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { LocalPatient, LocalRecordSection } from '../../db/local-db'
import { recordEntrySummary } from '../../documents/record-entry-summary'
import { LinkMenu, LinkMenuItem } from '../../ui/LinkMenu'
import { PatientBanner } from '../../ui/patient-banner/PatientBanner'

/**
 * The head of a patient's record (the shared `PatientBanner`) with the actions the record has:
 * the two frequent ones as buttons (a new consultation, the digital record), each module's new
 * record under "Nuevo registro" and what the patient's record holds under "Ver" (so the banner
 * stays one row on a tablet and the patient's facts show on the first screen), then the patient's
 * data and the way back. Each action shows only to who may open it.
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
  canReportAccident = false,
  canSeeDisabilities = false,
  canSeeEvolution = false,
  canTakeShortHistory = false,
  canCertify = false,
  canSeeDigitalRecord = false,
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
  /** The user may record an ST-7 (SPEC §2 incident-report-st7-create). */
  canReportAccident?: boolean
  /** The user may open the patient's disabilities (SPEC §2 record-disabilities-detail). */
  canSeeDisabilities?: boolean
  /** The user may open the patient's evolution (SPEC §2 patient-evolution-index). */
  canSeeEvolution?: boolean
  /** The user may take a short clinical history (SPEC §2 clinical-history-create). */
  canTakeShortHistory?: boolean
  /** The user may issue a health status certificate (SPEC §2 certificate-health-status-create). */
  canCertify?: boolean
  /** The user may open the patient's digital record (SPEC §2 digital-record-index). */
  canSeeDigitalRecord?: boolean
}) {
  const { t } = useLingui()
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
          <LinkMenu label={t`Nuevo registro`}>
            {canTriage && (
              <LinkMenuItem>
                <Link to="/covid/create/$id" params={{ id: patient.id }}>
                  <Trans>Triage COVID</Trans>
                </Link>
              </LinkMenuItem>
            )}
            {canExamine && (
              <LinkMenuItem>
                <Link
                  to="/digital-record/periodic-exams/create/$patientId"
                  params={{ patientId: patient.id }}
                >
                  <Trans>Examen periódico</Trans>
                </Link>
              </LinkMenuItem>
            )}
            {canAdmit && (
              <LinkMenuItem>
                <Link to="/digital-record/medical-exam/create/$patientId" params={{ patientId: patient.id }}>
                  <Trans>Examen de admisión</Trans>
                </Link>
              </LinkMenuItem>
            )}
            {canReportAccident && (
              <LinkMenuItem>
                <Link
                  to="/digital-record/medical-reports/incident-report-st7/create/$patientId"
                  params={{ patientId: patient.id }}
                >
                  <Trans>ST-7: aviso de accidente de trabajo</Trans>
                </Link>
              </LinkMenuItem>
            )}
            {canTakeShortHistory && (
              <LinkMenuItem>
                <Link to="/clinical-history/create/$patientId" params={{ patientId: patient.id }}>
                  <Trans>Historia clínica breve</Trans>
                </Link>
              </LinkMenuItem>
            )}
            {canCertify && (
              <LinkMenuItem>
                <Link
                  to="/digital-record/medical-reports/certificate-health-status/create/$patientId"
                  params={{ patientId: patient.id }}
                >
                  <Trans>Certificado de salud</Trans>
                </Link>
              </LinkMenuItem>
            )}
          </LinkMenu>
          <LinkMenu label={t`Ver`}>
            {canSeeVaccinations && (
              <LinkMenuItem>
                <Link to="/vaccinations/card/$id" params={{ id: patient.id }}>
                  <Trans>Vacunas</Trans>
                </Link>
              </LinkMenuItem>
            )}
            {canSeeDisabilities && (
              <LinkMenuItem>
                <Link
                  to="/digital-record/medical-reports/record-disabilities/detail/$patientId"
                  params={{ patientId: patient.id }}
                >
                  <Trans>Incapacidades</Trans>
                </Link>
              </LinkMenuItem>
            )}
            {canSeeEvolution && (
              <LinkMenuItem>
                <Link to="/digital-record/patient-evolution/$patientId" params={{ patientId: patient.id }}>
                  <Trans>Evolución</Trans>
                </Link>
              </LinkMenuItem>
            )}
            <LinkMenuItem>
              <a href="#record-self-tracking-title">
                <Trans>Lecturas de autocontrol</Trans>
              </a>
            </LinkMenuItem>
          </LinkMenu>
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
          <Link to="/patients" className="button" data-variant="ghost">
            <Trans>Volver a pacientes</Trans>
          </Link>
        </>
      }
    />
  )
}
