import { createFileRoute } from '@tanstack/react-router'

/**
 * SPEC §2 /medical-consultation/create/{patient_id}. The page is the layout's
 * (`../../medical-consultation.tsx`), which keeps it on screen when the save opens the edit page.
 */
export const Route = createFileRoute('/_app/medical-consultation/create/$patientId')({
  staticData: { permission: 'medical-consultation-create' },
})
