import { createFileRoute } from '@tanstack/react-router'
import { PatientVaccinationPage } from '../../../features/vaccinations/PatientVaccinationPage'

/** SPEC §2 /patient/vaccination-record (no guard): the signed-in patient's own vaccination card. */
export const Route = createFileRoute('/_app/patient/vaccination-record')({
  staticData: { permission: 'authenticated' },
  component: PatientVaccinationPage,
})
