import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('clasifications')

/** SPEC §2 classifications-edit/{id}. */
export const Route = createFileRoute('/_app/classifications/edit/$id')({
  staticData: { permission: 'classifications-edit' },
  component: function EditClassificationsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/classifications' })}
      />
    )
  },
})
