import { createFileRoute } from '@tanstack/react-router'
import { ShortHistoryFormPage } from '../../../../../features/medical-reports/ShortHistoryFormPage'

/** SPEC §2 /clinical-history/edit/{patient_id}/{short_clinical_history_id}: an amendment (NOM-004). */
export const Route = createFileRoute('/_app/clinical-history/edit/$patientId/$shortClinicalHistoryId')({
  staticData: { permission: 'clinical-history-edit' },
  component: function EditShortHistoryRoute() {
    const { patientId, shortClinicalHistoryId } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <ShortHistoryFormPage
        patientId={patientId}
        historyId={shortClinicalHistoryId}
        onDone={() =>
          void navigate({
            to: '/clinical-history/detail/$patientId/$shortClinicalHistoryId',
            params: { patientId, shortClinicalHistoryId },
          })
        }
      />
    )
  },
})
