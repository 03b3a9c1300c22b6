import { createFileRoute } from '@tanstack/react-router'
import { TriageListPage } from '../../../features/covid/TriageListPage'

/** SPEC §2 /covid: the triage list, over the device's records (works offline). */
export const Route = createFileRoute('/_app/covid/')({
  staticData: { permission: 'covid-index' },
  component: TriageListPage,
})
