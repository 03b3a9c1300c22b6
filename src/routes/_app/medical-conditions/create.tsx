import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('medical-conditions')

/** SPEC §2 medical-conditions-create. */
export const Route = createFileRoute('/_app/medical-conditions/create')({
  staticData: { permission: 'medical-conditions-create' },
  component: function CreateMedicalConditionsRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        onDone={() => void navigate({ to: '/medical-conditions' })}
      />
    )
  },
})
