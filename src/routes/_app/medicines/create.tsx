import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { MedicineFormPage } from '../../../features/medicines/MedicineFormPage'

/** SPEC §2 medicines-create. */
export const Route = createFileRoute('/_app/medicines/create')({
  staticData: { permission: 'medicines-create' },
  component: function CreateMedicineRoute() {
    const navigate = useNavigate()
    return <MedicineFormPage onDone={() => void navigate({ to: '/medicines' })} />
  },
})
