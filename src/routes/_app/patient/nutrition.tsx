import { createFileRoute } from '@tanstack/react-router'
import { KindPage } from '../../../features/self-tracking/KindPage'

/** SPEC §2 Patient self-service: the patient's own nutrition log. */
export const Route = createFileRoute('/_app/patient/nutrition')({
  staticData: { permission: 'patient-nutrition' },
  component: () => <KindPage kind="nutrition" />,
})
