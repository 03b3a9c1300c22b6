import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('collaboratorType')

/** SPEC §2 collaborator-types-edit/{id}. */
export const Route = createFileRoute('/_app/collaborator-types/edit/$id')({
  staticData: { permission: 'collaborator-types-edit' },
  component: function EditCollaboratorTypesRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/collaborator-types' })}
      />
    )
  },
})
