import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('affected_system')

/** SPEC §2 affected-systems-index. */
export const Route = createFileRoute('/_app/affected-systems/')({
  staticData: { permission: 'affected-systems-index' },
  component: function AffectedSystemsRoute() {
    return <CataloguePage definition={definition} />
  },
})
