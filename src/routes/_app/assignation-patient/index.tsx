import { createFileRoute } from '@tanstack/react-router'
import { AssignationPatientPage } from '../../../features/assignments/AssignationPatientPage'

/** SPEC §2 assignation-patient. */
export const Route = createFileRoute('/_app/assignation-patient/')({
  staticData: { permission: 'assignation-patient-index' },
  component: AssignationPatientPage,
})
