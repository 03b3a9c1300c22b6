import { createFileRoute } from '@tanstack/react-router'
import { PeriodicExamFormPage } from '../../../../../features/periodic-exams/PeriodicExamFormPage'

/** SPEC §2 /digital-record/periodic-exams/create/{patient_id}: a new periodic exam, offline. */
export const Route = createFileRoute('/_app/digital-record/periodic-exams/create/$patientId')({
  staticData: { permission: 'periodic-exams-create' },
  component: function CreatePeriodicExamRoute() {
    const { patientId } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <PeriodicExamFormPage
        patientId={patientId}
        onDone={(exam) =>
          void navigate({
            to: '/digital-record/periodic-exams/view/$patientId/$id',
            params: { patientId, id: exam.id },
          })
        }
      />
    )
  },
})
