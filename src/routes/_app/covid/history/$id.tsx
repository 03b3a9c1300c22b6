import { createFileRoute } from '@tanstack/react-router'
import { TriageHistoryPage } from '../../../../features/covid/TriageHistoryPage'

/** SPEC §2 /covid/history/{id}: a patient's COVID triage and follow-up. */
export const Route = createFileRoute('/_app/covid/history/$id')({
  staticData: { permission: 'covid-history' },
  component: function TriageHistoryRoute() {
    const { id } = Route.useParams()
    return <TriageHistoryPage patientId={id} />
  },
})
