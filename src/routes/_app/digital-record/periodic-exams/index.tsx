import { createFileRoute } from '@tanstack/react-router'
import { PeriodicExamsIndexPage } from '../../../../features/periodic-exams/PeriodicExamsIndexPage'
import { periodicExamsIndexSearch } from '../../../../features/periodic-exams/periodic-exams-index-search'

/**
 * SPEC §2 /digital-record/periodic-exams: every patient's periodic exam due state, from the
 * device, filtered by its address.
 */
export const Route = createFileRoute('/_app/digital-record/periodic-exams/')({
  staticData: { permission: 'periodic-exams-index' },
  validateSearch: periodicExamsIndexSearch,
  component: function PeriodicExamsIndexRoute() {
    const navigate = Route.useNavigate()
    return (
      <PeriodicExamsIndexPage
        filters={Route.useSearch()}
        onFiltersChange={(search) => void navigate({ search, replace: true })}
      />
    )
  },
})
