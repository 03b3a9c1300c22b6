import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('practitioner-titles')

/** SPEC §2 practitioner-titles-edit/{id}. */
export const Route = createFileRoute('/_app/practitioner-titles/edit/$id')({
  staticData: { permission: 'practitioner-titles-edit' },
  component: function EditPractitionerTitlesRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/practitioner-titles' })}
      />
    )
  },
})
