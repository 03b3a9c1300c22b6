import { createFileRoute } from '@tanstack/react-router'
import { SpecialLabelsPage } from '../../../features/special-labels/SpecialLabelsPage'

/** SPEC §2 special-labels-index. */
export const Route = createFileRoute('/_app/special-labels/')({
  staticData: { permission: 'special-labels-index' },
  component: SpecialLabelsPage,
})
