import { createFileRoute } from '@tanstack/react-router'
import { EditableInputsPage } from '../../../features/editable-inputs/EditableInputsPage'

/**
 * SPEC §2 editable-inputs-index: a switch per input serves as create and edit too (decision 0018),
 * so this screen has no create or edit/{id} route.
 */
export const Route = createFileRoute('/_app/editable-inputs/')({
  staticData: { permission: 'editable-inputs-index' },
  component: EditableInputsPage,
})
