import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { TriageCreatePage } from '../../../../features/covid/TriageCreatePage'

/** SPEC §2 /covid/create/{id}: a triage consultation of the patient, or a declined follow-up. */
export const Route = createFileRoute('/_app/covid/create/$id')({
  staticData: { permission: 'covid-create' },
  component: function TriageCreateRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <TriageCreatePage
        patientId={id}
        onDone={() => void navigate({ to: '/covid/history/$id', params: { id }, replace: true })}
      />
    )
  },
})
