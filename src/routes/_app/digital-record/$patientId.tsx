import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { DigitalRecordPage } from '../../../features/digital-record/DigitalRecordPage'
import {
  filterOfSearch,
  searchOfFilter,
  type TimelineSearch,
  validTimelineSearch,
} from '../../../features/digital-record/timeline-search'

/**
 * SPEC §2 /digital-record/{patient_id}: the patient's clinical history with its consultations and
 * a PDF (issue 24), offline from the device. The timeline's chosen kinds and period are in the
 * address (`?kinds=…&from=…&to=…`), so a link keeps them.
 */
export const Route = createFileRoute('/_app/digital-record/$patientId')({
  staticData: { permission: 'digital-record-index' },
  validateSearch: (search: Record<string, unknown>): TimelineSearch => validTimelineSearch(search),
  component: function DigitalRecordRoute() {
    const { patientId } = Route.useParams()
    const search = Route.useSearch()
    const navigate = useNavigate({ from: Route.fullPath })
    return (
      <DigitalRecordPage
        patientId={patientId}
        filter={filterOfSearch(search)}
        onFilterChange={(filter) => void navigate({ search: searchOfFilter(filter), replace: true })}
      />
    )
  },
})
