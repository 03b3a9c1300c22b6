import { createFileRoute } from '@tanstack/react-router'
import { PatientHomePage } from '../../../features/dashboard/PatientHomePage'

/** SPEC §2 patient-home. */
export const Route = createFileRoute('/_app/dashboard/patient-home')({
  staticData: { permission: 'patient-home' },
  component: PatientHomePage,
})
