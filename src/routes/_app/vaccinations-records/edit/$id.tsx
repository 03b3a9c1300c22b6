import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('vaccination-records')

/** SPEC §2 vaccinations-records-edit/{id}. */
export const Route = createFileRoute('/_app/vaccinations-records/edit/$id')({
  staticData: { permission: 'vaccinations-records-edit' },
  component: function EditVaccinationsRecordsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/vaccinations-records' })}
      />
    )
  },
})
