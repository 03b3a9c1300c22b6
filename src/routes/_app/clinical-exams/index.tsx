import { createFileRoute } from '@tanstack/react-router'
import { catalogueNamed } from '../../../contract/schemas/catalogue-definitions'
import { CataloguePage } from '../../../features/catalogues/CataloguePage'

const definition = catalogueNamed('clinicalExam')

/** SPEC §2 clinical-exams-index. */
export const Route = createFileRoute('/_app/clinical-exams/')({
  staticData: { permission: 'clinical-exams-index' },
  component: function ClinicalExamsRoute() {
    return <CataloguePage definition={definition} />
  },
})
