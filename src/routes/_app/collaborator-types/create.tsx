import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('collaboratorType')

/** SPEC §2 collaborator-types-create. */
export const Route = createFileRoute('/_app/collaborator-types/create')({
  staticData: { permission: 'collaborator-types-create' },
  component: function CreateCollaboratorTypesRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        onDone={() => void navigate({ to: '/collaborator-types' })}
      />
    )
  },
})
