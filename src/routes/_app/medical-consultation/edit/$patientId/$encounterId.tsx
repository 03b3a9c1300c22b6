import { createFileRoute } from '@tanstack/react-router'

/**
 * SPEC §2 /medical-consultation/edit/{patient_id}/{encounter_id}. The page is the layout's
 * (`../../../medical-consultation.tsx`), shared with the create page.
 */
export const Route = createFileRoute('/_app/medical-consultation/edit/$patientId/$encounterId')({
  staticData: { permission: 'medical-consultation-edit' },
})
