import { createFileRoute } from '@tanstack/react-router'
import { PatientProfilePage } from '../../../features/patient-profile/PatientProfilePage'

/** SPEC §2 /patient-profile/edit: the patient mode's "edit my profile". */
export const Route = createFileRoute('/_app/patient-profile/edit')({
  staticData: { permission: 'patient-profile-edit' },
  component: PatientProfilePage,
})
