import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('vaccination-records')

/** SPEC §2 vaccinations-records-create. */
export const Route = createFileRoute('/_app/vaccinations-records/create')({
  staticData: { permission: 'vaccinations-records-create' },
  component: function CreateVaccinationsRecordsRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        onDone={() => void navigate({ to: '/vaccinations-records' })}
      />
    )
  },
})
