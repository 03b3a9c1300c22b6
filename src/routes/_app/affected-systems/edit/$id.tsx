import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('affected_system')

/** SPEC §2 affected-systems-edit/{id}. */
export const Route = createFileRoute('/_app/affected-systems/edit/$id')({
  staticData: { permission: 'affected-systems-edit' },
  component: function EditAffectedSystemsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/affected-systems' })}
      />
    )
  },
})
