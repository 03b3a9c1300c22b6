import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('consultReason')

/** SPEC §2 reason-for-consultation-create. */
export const Route = createFileRoute('/_app/reason-for-consultation/create')({
  staticData: { permission: 'reason-for-consultation-create' },
  component: function CreateReasonForConsultationRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        onDone={() => void navigate({ to: '/reason-for-consultation' })}
      />
    )
  },
})
