import { createFileRoute } from '@tanstack/react-router'
import { PatientHomePage } from '../../../features/dashboard/PatientHomePage'
import { SelfTrackingShortcuts } from '../../../features/self-tracking/SelfTrackingShortcuts'

/** SPEC §2 patient-home: the greeting and notices, with the shortcuts to each self-tracking kind. */
export const Route = createFileRoute('/_app/dashboard/patient-home')({
  staticData: { permission: 'patient-home' },
  component: () => (
    <PatientHomePage>
      <SelfTrackingShortcuts />
    </PatientHomePage>
  ),
})
