import { createFileRoute } from '@tanstack/react-router'
import { KindPage } from '../../../features/self-tracking/KindPage'

/** SPEC §2 Patient self-service: the patient's own glucose log. */
export const Route = createFileRoute('/_app/patient/glucose')({
  staticData: { permission: 'patient-glucose' },
  component: () => <KindPage kind="glucose" />,
})
