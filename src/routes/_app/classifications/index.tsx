import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('clasifications')

/** SPEC §2 classifications-index. */
export const Route = createFileRoute('/_app/classifications/')({
  staticData: { permission: 'classifications-index' },
  component: function ClassificationsRoute() {
    return <CataloguePage definition={definition} />
  },
})
