import { createFileRoute } from '@tanstack/react-router'
import { AffectedSystemsIndexPage } from '../../../../features/affected-systems-index/AffectedSystemsIndexPage'
import { affectedSystemsIndexSearch } from '../../../../features/affected-systems-index/affected-systems-index-search'

/**
 * SPEC §2 /digital-record/affected-systems: the concentrated index of patients by affected system,
 * offline, filtered by its address (the dashboard's top 5 lists open it so).
 */
export const Route = createFileRoute('/_app/digital-record/affected-systems/')({
  staticData: { permission: 'affected-systems-concentrated-index' },
  validateSearch: affectedSystemsIndexSearch,
  component: function AffectedSystemsIndexRoute() {
    const navigate = Route.useNavigate()
    return (
      <AffectedSystemsIndexPage
        filters={Route.useSearch()}
        onFiltersChange={(search) => void navigate({ search, replace: true })}
      />
    )
  },
})
