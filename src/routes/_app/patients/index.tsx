import { createFileRoute } from '@tanstack/react-router'
import { PatientsPage } from '../../../features/patients/PatientsPage'

/** SPEC §2 patients-index (the offline minimum; the full screens come with the patients issue). */
export const Route = createFileRoute('/_app/patients/')({
  staticData: { permission: 'patients-index' },
  component: PatientsPage,
})
