import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('incapacityType')

/** SPEC §2 disability-types-create. */
export const Route = createFileRoute('/_app/disability-types/create')({
  staticData: { permission: 'disability-types-create' },
  component: function CreateDisabilityTypesRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage definition={definition} onDone={() => void navigate({ to: '/disability-types' })} />
    )
  },
})
