import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('incapacityStatus')

/** SPEC §2 disability-status-edit/{id}. */
export const Route = createFileRoute('/_app/disability-status/edit/$id')({
  staticData: { permission: 'disability-status-edit' },
  component: function EditDisabilityStatusRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/disability-status' })}
      />
    )
  },
})
