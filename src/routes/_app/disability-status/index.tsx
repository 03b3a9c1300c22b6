import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('incapacityStatus')

/** SPEC §2 disability-status-index. */
export const Route = createFileRoute('/_app/disability-status/')({
  staticData: { permission: 'disability-status-index' },
  component: function DisabilityStatusRoute() {
    return <CataloguePage definition={definition} />
  },
})
