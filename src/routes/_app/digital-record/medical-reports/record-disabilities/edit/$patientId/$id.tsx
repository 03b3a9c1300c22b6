import { createFileRoute } from '@tanstack/react-router'
import { DisabilityFormPage } from '../../../../../../../features/medical-reports/DisabilityFormPage'

/** SPEC §2 …/record-disabilities/edit/{patient_id}/{id}: an amendment (NOM-004), offline. */
export const Route = createFileRoute(
  '/_app/digital-record/medical-reports/record-disabilities/edit/$patientId/$id',
)({
  staticData: { permission: 'record-disabilities-edit' },
  component: function EditDisabilityRoute() {
    const { patientId, id } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <DisabilityFormPage
        patientId={patientId}
        disabilityId={id}
        onDone={() =>
          void navigate({
            to: '/digital-record/medical-reports/record-disabilities/view/$patientId/$id',
            params: { patientId, id },
          })
        }
      />
    )
  },
})
