import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('incapacityType')

/** SPEC §2 disability-types-edit/{id}. */
export const Route = createFileRoute('/_app/disability-types/edit/$id')({
  staticData: { permission: 'disability-types-edit' },
  component: function EditDisabilityTypesRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/disability-types' })}
      />
    )
  },
})
