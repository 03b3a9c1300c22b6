import { createFileRoute } from '@tanstack/react-router'
import { EvolutionPage } from '../../../features/self-tracking/EvolutionPage'

/** SPEC §2 /patient/evolution: every self-tracking chart over one range. */
export const Route = createFileRoute('/_app/patient/evolution')({
  staticData: { permission: 'patient-evolution' },
  component: EvolutionPage,
})
