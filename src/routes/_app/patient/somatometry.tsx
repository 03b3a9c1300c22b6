import { createFileRoute } from '@tanstack/react-router'
import { KindPage } from '../../../features/self-tracking/KindPage'

/** SPEC §2 Patient self-service: the patient's own somatometry log. */
export const Route = createFileRoute('/_app/patient/somatometry')({
  staticData: { permission: 'patient-somatometry' },
  component: () => <KindPage kind="somatometry" />,
})
