import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('subclasifications')

/** SPEC §2 sub-classifications-index. */
export const Route = createFileRoute('/_app/sub-classifications/')({
  staticData: { permission: 'sub-classifications-index' },
  component: function SubClassificationsRoute() {
    return <CataloguePage definition={definition} />
  },
})
