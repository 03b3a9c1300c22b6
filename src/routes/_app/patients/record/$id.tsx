import { createFileRoute } from '@tanstack/react-router'
import { ConsultationHistory } from '../../../../features/consultations/ConsultationHistory'
import { PatientRecordPage } from '../../../../features/patient-record/PatientRecordPage'
import { currentSession, hasPermission } from '../../../../session/session-store'

/**
 * A patient's record page with its record sections (issue 6). SPEC §2 names no screen for the
 * sections; /digital-record/{patient_id} is the clinical history with its PDF, a screen of its
 * own. Whoever lists patients may open their record; the page's edit actions need patients-edit.
 * The record shows the patient's consultations, which are the consultations feature's: composed
 * here, where both features may be named.
 */
export const Route = createFileRoute('/_app/patients/record/$id')({
  staticData: { permission: 'patients-index' },
  component: function PatientRecordRoute() {
    const { id } = Route.useParams()
    const canEdit = hasPermission(currentSession(), 'medical-consultation-edit')
    return (
      <PatientRecordPage id={id} consultations={<ConsultationHistory patientId={id} canEdit={canEdit} />} />
    )
  },
})
