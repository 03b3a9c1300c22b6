import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('affected_system')

/** SPEC §2 affected-systems-create. */
export const Route = createFileRoute('/_app/affected-systems/create')({
  staticData: { permission: 'affected-systems-create' },
  component: function CreateAffectedSystemsRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage definition={definition} onDone={() => void navigate({ to: '/affected-systems' })} />
    )
  },
})
