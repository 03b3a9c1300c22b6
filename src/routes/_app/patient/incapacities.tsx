import { createFileRoute } from '@tanstack/react-router'
import { PatientDisabilitiesPage } from '../../../features/medical-reports/PatientDisabilitiesPage'

/** SPEC §2 /patient/incapacities: the signed-in patient's own disabilities, read only, offline. */
export const Route = createFileRoute('/_app/patient/incapacities')({
  staticData: { permission: 'patient-incapacities' },
  component: PatientDisabilitiesPage,
})
