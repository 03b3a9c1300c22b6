import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('clinicalExam')

/** SPEC §2 clinical-exams-edit/{id}. */
export const Route = createFileRoute('/_app/clinical-exams/edit/$id')({
  staticData: { permission: 'clinical-exams-edit' },
  component: function EditClinicalExamsRoute() {
    const { id } = Route.useParams()
    const navigate = useNavigate()
    return (
      <CatalogueFormPage
        definition={definition}
        id={id}
        onDone={() => void navigate({ to: '/clinical-exams' })}
      />
    )
  },
})
