import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CatalogueFormPage } from '../../../features/catalogues/CatalogueFormPage'

const definition = catalogueNamed('clinicalExam')

/** SPEC §2 clinical-exams-create. */
export const Route = createFileRoute('/_app/clinical-exams/create')({
  staticData: { permission: 'clinical-exams-create' },
  component: function CreateClinicalExamsRoute() {
    const navigate = useNavigate()
    return (
      <CatalogueFormPage definition={definition} onDone={() => void navigate({ to: '/clinical-exams' })} />
    )
  },
})
