import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('collaboratorType')

/** SPEC §2 collaborator-types-index. */
export const Route = createFileRoute('/_app/collaborator-types/')({
  staticData: { permission: 'collaborator-types-index' },
  component: function CollaboratorTypesRoute() {
    return <CataloguePage definition={definition} />
  },
})
