import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('medical-conditions')

/** SPEC §2 medical-conditions-edit/{id}. */
export const Route = createFileRoute('/_app/medical-conditions/edit/$id')({
  staticData: { permission: 'medical-conditions-edit' },
  component: function EditMedicalConditionsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/medical-conditions' })}
      />
    )
  },
})
