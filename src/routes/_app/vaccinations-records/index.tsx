import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('vaccination-records')

/** SPEC §2 vaccinations-records-index. */
export const Route = createFileRoute('/_app/vaccinations-records/')({
  staticData: { permission: 'vaccinations-records-index' },
  component: function VaccinationsRecordsRoute() {
    return <CataloguePage definition={definition} />
  },
})
