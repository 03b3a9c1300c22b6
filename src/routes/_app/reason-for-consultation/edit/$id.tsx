import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('consultReason')

/** SPEC §2 reason-for-consultation-edit/{id}. */
export const Route = createFileRoute('/_app/reason-for-consultation/edit/$id')({
  staticData: { permission: 'reason-for-consultation-edit' },
  component: function EditReasonForConsultationRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/reason-for-consultation' })}
      />
    )
  },
})
