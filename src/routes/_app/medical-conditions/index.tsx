import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('medical-conditions')

/** SPEC §2 medical-conditions-index. */
export const Route = createFileRoute('/_app/medical-conditions/')({
  staticData: { permission: 'medical-conditions-index' },
  component: function MedicalConditionsRoute() {
    return <CataloguePage definition={definition} />
  },
})
