import { createFileRoute } from '@tanstack/react-router'
import { KindPage } from '../../../features/self-tracking/KindPage'

/** SPEC §2 Patient self-service: the patient's own blood-pressure log. */
export const Route = createFileRoute('/_app/patient/blood-pressure')({
  staticData: { permission: 'patient-blood-pressure' },
  component: () => <KindPage kind="blood-pressure" />,
})
