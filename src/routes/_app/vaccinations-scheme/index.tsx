import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('vaccination-scheme')

/** SPEC §2 vaccinations-scheme-index. */
export const Route = createFileRoute('/_app/vaccinations-scheme/')({
  staticData: { permission: 'vaccinations-scheme-index' },
  component: function VaccinationsSchemeRoute() {
    return <CataloguePage definition={definition} />
  },
})
