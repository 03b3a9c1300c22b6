import { createFileRoute } from '@tanstack/react-router'
import { ADMISSION_EXAM_READERS } from '../../../../contract/endpoints/admission-exams'
import { AdmissionExamList } from '../../../../features/admission-exams/AdmissionExamList'
import { ConsultationHistory } from '../../../../features/consultations/ConsultationHistory'
import { PatientReports, seesPatientReports } from '../../../../features/medical-reports/PatientReports'
import { PatientRecordPage } from '../../../../features/patient-record/PatientRecordPage'
import { currentSession, hasPermission } from '../../../../session/session-store'

/**
 * A patient's record page with its record sections (issue 6). SPEC §2 names no screen for the
 * sections; /digital-record/{patient_id} is the clinical history with its PDF, a screen of its
 * own. Whoever lists patients may open their record; the page's edit actions need patients-edit.
 * The record shows the patient's consultations, admission exams and medical reports, which are
 * their features': composed here, where the features may be named. The exams and reports show to
 * whoever may read or write them.
 */
export const Route = createFileRoute('/_app/patients/record/$id')({
  staticData: { permission: 'patients-index' },
  component: function PatientRecordRoute() {
    const { id } = Route.useParams()
    const session = currentSession()
    const canEdit = hasPermission(session, 'medical-consultation-edit')
    const seesExams = ADMISSION_EXAM_READERS.some((permission) => hasPermission(session, permission))
    return (
      <PatientRecordPage
        id={id}
        consultations={<ConsultationHistory patientId={id} canEdit={canEdit} />}
        admissionExams={
          seesExams || hasPermission(session, 'medical-exam-create') ? (
            <AdmissionExamList patientId={id} />
          ) : null
        }
        medicalReports={seesPatientReports(session) ? <PatientReports patientId={id} /> : null}
      />
    )
  },
})
