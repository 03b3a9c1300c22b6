import { createFileRoute } from '@tanstack/react-router'
import { PeriodicExamFormPage } from '../../../../../../features/periodic-exams/PeriodicExamFormPage'

/** SPEC §2 /digital-record/periodic-exams/edit/{patient_id}/{id}: an amendment (NOM-004), offline. */
export const Route = createFileRoute('/_app/digital-record/periodic-exams/edit/$patientId/$id')({
  staticData: { permission: 'periodic-exams-edit' },
  component: function EditPeriodicExamRoute() {
    const { patientId, id } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <PeriodicExamFormPage
        patientId={patientId}
        examId={id}
        onDone={() =>
          void navigate({
            to: '/digital-record/periodic-exams/view/$patientId/$id',
            params: { patientId, id },
          })
        }
      />
    )
  },
})
