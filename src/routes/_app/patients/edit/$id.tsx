import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { PatientFormPage } from '../../../../features/patients/PatientFormPage'

/** SPEC §2 patients-edit/{id}. */
export const Route = createFileRoute('/_app/patients/edit/$id')({
  staticData: { permission: 'patients-edit' },
  component: function EditPatientRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <PatientFormPage
        id={id}
        onDone={() => void navigate({ to: '/patients' })}
        onOpenPatient={(other) => void navigate({ to: '/patients/edit/$id', params: { id: other } })}
      />
    )
  },
})
