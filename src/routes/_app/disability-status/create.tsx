import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('incapacityStatus')

/** SPEC §2 disability-status-create. */
export const Route = createFileRoute('/_app/disability-status/create')({
  staticData: { permission: 'disability-status-create' },
  component: function CreateDisabilityStatusRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage definition={definition} onDone={() => void navigate({ to: '/disability-status' })} />
    )
  },
})
