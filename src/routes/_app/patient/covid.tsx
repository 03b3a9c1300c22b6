import { createFileRoute } from '@tanstack/react-router'
import { PatientCovidPage } from '../../../features/covid/PatientCovidPage'

/** SPEC §2 /patient/covid: the patient's own COVID status, tests and follow-up, read only. */
export const Route = createFileRoute('/_app/patient/covid')({
  staticData: { permission: 'patient-covid' },
  component: PatientCovidPage,
})
