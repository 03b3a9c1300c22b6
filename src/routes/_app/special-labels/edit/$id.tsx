import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { SpecialLabelFormPage } from '../../../../features/special-labels/SpecialLabelFormPage'

/** SPEC §2 special-labels-edit/{id}. */
export const Route = createFileRoute('/_app/special-labels/edit/$id')({
  staticData: { permission: 'special-labels-edit' },
  component: function EditSpecialLabelRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return <SpecialLabelFormPage id={id} onDone={() => void navigate({ to: '/special-labels' })} />
  },
})
