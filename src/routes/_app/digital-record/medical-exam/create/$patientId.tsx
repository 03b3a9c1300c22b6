import { createFileRoute } from '@tanstack/react-router'

/**
 * SPEC §2 /digital-record/medical-exam/create/{patient_id}. The page is the layout's
 * (`../../medical-exam.tsx`), which keeps it on screen when the first step opens the edit page.
 */
export const Route = createFileRoute('/_app/digital-record/medical-exam/create/$patientId')({
  staticData: { permission: 'medical-exam-create' },
})
