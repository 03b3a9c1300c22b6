import { createFileRoute } from '@tanstack/react-router'
import { AffectedSystemsIndexPage } from '../../../../features/affected-systems-index/AffectedSystemsIndexPage'

/** SPEC §2 /digital-record/affected-systems: the concentrated index of patients by affected system, offline. */
export const Route = createFileRoute('/_app/digital-record/affected-systems/')({
  staticData: { permission: 'affected-systems-concentrated-index' },
  component: AffectedSystemsIndexPage,
})
