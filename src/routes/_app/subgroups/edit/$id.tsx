import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('subgroups')

/** SPEC §2 subgroups-edit/{id}. */
export const Route = createFileRoute('/_app/subgroups/edit/$id')({
  staticData: { permission: 'subgroups-edit' },
  component: function EditSubgroupsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage definition={definition} id={id} onDone={() => void navigate({ to: '/subgroups' })} />
    )
  },
})
