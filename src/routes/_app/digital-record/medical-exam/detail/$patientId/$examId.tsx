import { createFileRoute } from '@tanstack/react-router'
import { AdmissionExamDetailPage } from '../../../../../../features/admission-exams/AdmissionExamDetailPage'

/** SPEC §2 /digital-record/medical-exam/detail/{patient_id}/{admission_medical_exam_id}: the exam read only. */
export const Route = createFileRoute('/_app/digital-record/medical-exam/detail/$patientId/$examId')({
  staticData: { permission: 'medical-exam-detail' },
  component: function AdmissionExamDetailRoute() {
    const { patientId, examId } = Route.useParams()
    return <AdmissionExamDetailPage patientId={patientId} examId={examId} />
  },
})
