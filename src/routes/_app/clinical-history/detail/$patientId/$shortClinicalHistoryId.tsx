import { createFileRoute } from '@tanstack/react-router'
import { ShortHistoryDetailPage } from '../../../../../features/medical-reports/ShortHistoryDetailPage'

/** SPEC §2 /clinical-history/detail/{patient_id}/{short_clinical_history_id}: one history, offline. */
export const Route = createFileRoute('/_app/clinical-history/detail/$patientId/$shortClinicalHistoryId')({
  staticData: { permission: 'clinical-history-detail' },
  component: function ShortHistoryDetailRoute() {
    const { patientId, shortClinicalHistoryId } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <ShortHistoryDetailPage
        patientId={patientId}
        historyId={shortClinicalHistoryId}
        onDeleted={() => void navigate({ to: '/patients/record/$id', params: { id: patientId } })}
      />
    )
  },
})
