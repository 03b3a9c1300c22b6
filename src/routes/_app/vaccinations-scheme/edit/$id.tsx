import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('vaccination-scheme')

/** SPEC §2 vaccinations-scheme-edit/{id}. */
export const Route = createFileRoute('/_app/vaccinations-scheme/edit/$id')({
  staticData: { permission: 'vaccinations-scheme-edit' },
  component: function EditVaccinationsSchemeRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/vaccinations-scheme' })}
      />
    )
  },
})
