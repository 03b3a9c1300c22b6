import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('clasifications')

/** SPEC §2 classifications-create. */
export const Route = createFileRoute('/_app/classifications/create')({
  staticData: { permission: 'classifications-create' },
  component: function CreateClassificationsRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage definition={definition} onDone={() => void navigate({ to: '/classifications' })} />
    )
  },
})
