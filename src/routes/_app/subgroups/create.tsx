import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('subgroups')

/** SPEC §2 subgroups-create. */
export const Route = createFileRoute('/_app/subgroups/create')({
  staticData: { permission: 'subgroups-create' },
  component: function CreateSubgroupsRoute() {
    const navigate = useNavigate()
    return <CatalogueFormPage definition={definition} onDone={() => void navigate({ to: '/subgroups' })} />
  },
})
