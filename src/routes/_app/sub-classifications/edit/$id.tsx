import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('subclasifications')

/** SPEC §2 sub-classifications-edit/{id}. */
export const Route = createFileRoute('/_app/sub-classifications/edit/$id')({
  staticData: { permission: 'sub-classifications-edit' },
  component: function EditSubClassificationsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/sub-classifications' })}
      />
    )
  },
})
