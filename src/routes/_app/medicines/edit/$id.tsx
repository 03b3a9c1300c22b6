import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { MedicineFormPage } from '../../../../features/medicines/MedicineFormPage'

/** SPEC §2 medicines-edit/{id}. */
export const Route = createFileRoute('/_app/medicines/edit/$id')({
  staticData: { permission: 'medicines-edit' },
  component: function EditMedicineRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return <MedicineFormPage id={id} onDone={() => void navigate({ to: '/medicines' })} />
  },
})
