import { createFileRoute } from '@tanstack/react-router'

/**
 * SPEC §2 /digital-record/medical-exam/edit/{patient_id}/{admission_medical_exam_id}. The page is
 * the layout's (`../../../medical-exam.tsx`), shared with the create page.
 */
export const Route = createFileRoute('/_app/digital-record/medical-exam/edit/$patientId/$examId')({
  staticData: { permission: 'medical-exam-edit' },
})
