import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { SpecialLabelFormPage } from '../../../features/special-labels/SpecialLabelFormPage'

/** SPEC §2 special-labels-create. */
export const Route = createFileRoute('/_app/special-labels/create')({
  staticData: { permission: 'special-labels-create' },
  component: function CreateSpecialLabelRoute() {
    const navigate = useNavigate()
    return <SpecialLabelFormPage onDone={() => void navigate({ to: '/special-labels' })} />
  },
})
