import { createFileRoute } from '@tanstack/react-router'
import { KindPage } from '../../../features/self-tracking/KindPage'

/** SPEC §2 Patient self-service: the patient's own habit log. */
export const Route = createFileRoute('/_app/patient/habits')({
  staticData: { permission: 'patient-habits' },
  component: () => <KindPage kind="habit" />,
})
