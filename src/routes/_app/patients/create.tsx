import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { PatientFormPage } from '../../../features/patients/PatientFormPage'

/** SPEC §2 patients-create. */
export const Route = createFileRoute('/_app/patients/create')({
  staticData: { permission: 'patients-create' },
  component: function CreatePatientRoute() {
    const navigate = useNavigate()
    return (
      <PatientFormPage
        onDone={() => void navigate({ to: '/patients' })}
        onOpenPatient={(id) => void navigate({ to: '/patients/edit/$id', params: { id } })}
      />
    )
  },
})
