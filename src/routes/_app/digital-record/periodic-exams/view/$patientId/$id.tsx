import { createFileRoute } from '@tanstack/react-router'
import { PeriodicExamViewPage } from '../../../../../../features/periodic-exams/PeriodicExamViewPage'

/** SPEC §2 /digital-record/periodic-exams/view/{patient_id}/{id}: one exam, read-only, with its PDF. */
export const Route = createFileRoute('/_app/digital-record/periodic-exams/view/$patientId/$id')({
  staticData: { permission: 'periodic-exams-view' },
  component: function ViewPeriodicExamRoute() {
    const { patientId, id } = Route.useParams()
    const navigate = Route.useNavigate()
    return (
      <PeriodicExamViewPage
        patientId={patientId}
        examId={id}
        onDeleted={() => void navigate({ to: '/digital-record/periodic-exams' })}
      />
    )
  },
})
