import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { ReportAuthor } from '../../contract/schemas/report-amendments'
import { certificatePrefillOnDevice, type DeviceCertificatePrefill } from '../../db/certificate-prefill'
import type { LocalHealthCertificate } from '../../db/local-db'
import { fullName } from '../../db/patient-sort-name'
import { currentSession } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { Alert } from '../../ui/Alert'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { CertificateForm } from './CertificateForm'
import { ReportAmendments } from './ReportAmendments'
import { heldSigner, refreshSigner } from './signing-professional'
import { useCertificateNames } from './use-report-names'
import './medical-reports.css'

export interface CertificateFormPageProps {
  patientId: string
  /** The certificate amended; none for a new one. */
  certificateId?: string
  onDone: (certificate: LocalHealthCertificate) => void
}

/**
 * SPEC §2 `/digital-record/medical-reports/certificate-health-status` create/{patient_id} and
 * edit/{patient_id}/{id}: the certificate's form over the device's data (opens and saves with no
 * network). A new one starts from the patient's latest consultation and vital signs, read on the
 * device by the rule the server's get-create follows; online, `/practitioners/{id}` names the
 * signing professional (title, cédula), kept for the certificates written offline.
 */
export function CertificateFormPage({ patientId, certificateId, onDone }: CertificateFormPageProps) {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const names = useCertificateNames()
  const [signer, setSigner] = useState<ReportAuthor | null>(null)
  // A new certificate's starting point, read once: a consultation synced meanwhile must not reset
  // the form being filled.
  const [prefill, setPrefill] = useState<DeviceCertificatePrefill | null | undefined>(
    certificateId ? null : undefined,
  )
  const data = useLiveQuery(async () => {
    if (!db) return undefined
    const [patient, certificate] = await Promise.all([
      db.patients.get(patientId),
      certificateId ? db.healthCertificates.get(certificateId) : undefined,
    ])
    return { patient: patient ?? null, certificate: certificate ?? null }
  }, [db, patientId, certificateId])

  useEffect(() => {
    if (!db || certificateId) return
    let current = true
    void certificatePrefillOnDevice(db, patientId).then((read) => {
      if (current) setPrefill(read)
    })
    const userId = currentSession()?.user.uuid
    if (userId) {
      // The held signer at once; the server's when it answers (the form reads it when saving).
      void heldSigner(db, userId).then((held) => {
        if (current && held) setSigner((shown) => shown ?? held)
      })
      void refreshSigner(db, userId).then((fresh) => {
        if (current && fresh) setSigner(fresh)
      })
    }
    return () => {
      current = false
    }
  }, [db, patientId, certificateId])

  const title = certificateId
    ? t`Corregir certificado de estado de salud`
    : t`Nuevo certificado de estado de salud`
  if (!db || !data || prefill === undefined) return <Spinner />
  const { patient, certificate } = data
  const missing =
    certificateId !== undefined &&
    (!certificate || certificate.deleted_at || certificate.patient_id !== patientId)
  if (!patient || patient.deleted_at || missing) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <Alert>
          {patient && !patient.deleted_at ? (
            <Trans>Este certificado no está en este dispositivo.</Trans>
          ) : (
            <Trans>Este paciente no está en este dispositivo.</Trans>
          )}
        </Alert>
      </section>
    )
  }
  return (
    <section className="page medical-report-page">
      <PageHeader title={title} />
      <p className="medical-report-page__patient">
        <Trans>Paciente:</Trans>{' '}
        <Link to="/patients/record/$id" params={{ id: patientId }}>
          {fullName(patient)}
        </Link>
      </p>
      <div className="medical-report-page__columns">
        <CertificateForm
          // A certificate amended elsewhere meanwhile starts the form again from what it now holds.
          key={certificate ? `${certificate.id}:${certificate.version}` : 'new'}
          db={db}
          patientId={patientId}
          certificate={certificate}
          prefill={prefill}
          signer={signer}
          onSaved={onDone}
        />
        {certificate && <ReportAmendments report={certificate} {...names} />}
      </div>
    </section>
  )
}
