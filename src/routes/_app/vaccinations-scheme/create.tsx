import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('vaccination-scheme')

/** SPEC §2 vaccinations-scheme-create. */
export const Route = createFileRoute('/_app/vaccinations-scheme/create')({
  staticData: { permission: 'vaccinations-scheme-create' },
  component: function CreateVaccinationsSchemeRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        onDone={() => void navigate({ to: '/vaccinations-scheme' })}
      />
    )
  },
})
