import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('subclasifications')

/** SPEC §2 sub-classifications-create. */
export const Route = createFileRoute('/_app/sub-classifications/create')({
  staticData: { permission: 'sub-classifications-create' },
  component: function CreateSubClassificationsRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        onDone={() => void navigate({ to: '/sub-classifications' })}
      />
    )
  },
})
