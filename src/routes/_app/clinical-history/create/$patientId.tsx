import { createFileRoute } from '@tanstack/react-router'
import { ShortHistoryFormPage } from '../../../../features/medical-reports/ShortHistoryFormPage'

/** SPEC §2 /clinical-history/create/{patient_id}: a new short clinical history, offline. */
export const Route = createFileRoute('/_app/clinical-history/create/$patientId')({
  staticData: { permission: 'clinical-history-create' },
  component: function CreateShortHistoryRoute() {
    const { patientId } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <ShortHistoryFormPage
        patientId={patientId}
        onDone={(history) =>
          void navigate({
            to: '/clinical-history/detail/$patientId/$shortClinicalHistoryId',
            params: { patientId, shortClinicalHistoryId: history.id },
          })
        }
      />
    )
  },
})
