import { createFileRoute } from '@tanstack/react-router'
import { DisabilitiesIndexPage } from '../../../../../features/medical-reports/DisabilitiesIndexPage'

/** SPEC §2 …/record-disabilities (index): every cached patient's disabilities, the graph and the spreadsheet. */
export const Route = createFileRoute('/_app/digital-record/medical-reports/record-disabilities/')({
  staticData: { permission: 'record-disabilities-index' },
  component: DisabilitiesIndexPage,
})
