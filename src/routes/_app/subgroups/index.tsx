import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('subgroups')

/** SPEC §2 subgroups-index. */
export const Route = createFileRoute('/_app/subgroups/')({
  staticData: { permission: 'subgroups-index' },
  component: function SubgroupsRoute() {
    return <CataloguePage definition={definition} />
  },
})
