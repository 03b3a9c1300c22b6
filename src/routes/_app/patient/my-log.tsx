import { createFileRoute } from '@tanstack/react-router'
import { MyLogPage } from '../../../features/self-tracking/MyLogPage'

/**
 * SPEC §2 "my log" of the patient mode. The spec names no route nor permission for it: it is
 * part of the patient's home, so it asks what the home asks.
 */
export const Route = createFileRoute('/_app/patient/my-log')({
  staticData: { permission: 'patient-home' },
  component: MyLogPage,
})
