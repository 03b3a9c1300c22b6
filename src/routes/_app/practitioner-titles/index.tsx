import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('practitioner-titles')

/** SPEC §2 practitioner-titles-index. */
export const Route = createFileRoute('/_app/practitioner-titles/')({
  staticData: { permission: 'practitioner-titles-index' },
  component: function PractitionerTitlesRoute() {
    return <CataloguePage definition={definition} />
  },
})
