import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('incapacityType')

/** SPEC §2 disability-types-index. */
export const Route = createFileRoute('/_app/disability-types/')({
  staticData: { permission: 'disability-types-index' },
  component: function DisabilityTypesRoute() {
    return <CataloguePage definition={definition} />
  },
})
