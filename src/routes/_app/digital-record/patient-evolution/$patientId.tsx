import { createFileRoute } from '@tanstack/react-router'
import { PatientEvolutionPage } from '../../../../features/patient-evolution/PatientEvolutionPage'

/** SPEC §2 /digital-record/patient-evolution/{patient_id}: charts over time and evolution notes, offline. */
export const Route = createFileRoute('/_app/digital-record/patient-evolution/$patientId')({
  staticData: { permission: 'patient-evolution-index' },
  component: function PatientEvolutionRoute() {
    const { patientId } = Route.useParams()
    return <PatientEvolutionPage patientId={patientId} />
  },
})
