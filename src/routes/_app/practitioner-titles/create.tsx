import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('practitioner-titles')

/** SPEC §2 practitioner-titles-create. */
export const Route = createFileRoute('/_app/practitioner-titles/create')({
  staticData: { permission: 'practitioner-titles-create' },
  component: function CreatePractitionerTitlesRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        onDone={() => void navigate({ to: '/practitioner-titles' })}
      />
    )
  },
})
