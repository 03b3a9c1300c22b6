import { createFileRoute } from '@tanstack/react-router'
import { DisabilitiesIndexPage } from '../../../../../features/medical-reports/DisabilitiesIndexPage'
import { disabilitiesIndexSearch } from '../../../../../features/medical-reports/disabilities-index-search'

/**
 * SPEC §2 …/record-disabilities (index): every cached patient's disabilities, the graph and the
 * spreadsheet, filtered by its address (the dashboard's lost days open it so).
 */
export const Route = createFileRoute('/_app/digital-record/medical-reports/record-disabilities/')({
  staticData: { permission: 'record-disabilities-index' },
  validateSearch: disabilitiesIndexSearch,
  component: function DisabilitiesIndexRoute() {
    const navigate = Route.useNavigate()
    return (
      <DisabilitiesIndexPage
        filters={Route.useSearch()}
        onFiltersChange={(search) => void navigate({ search, replace: true })}
      />
    )
  },
})
