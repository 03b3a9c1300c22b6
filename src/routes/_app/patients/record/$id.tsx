import { createFileRoute } from '@tanstack/react-router'
import { PatientRecordPage } from '../../../../features/patient-record/PatientRecordPage'

/**
 * A patient's record page with its record sections (issue 6). SPEC §2 names no screen for the
 * sections; /digital-record/{patient_id} is the clinical history with its PDF, a screen of its
 * own. Whoever lists patients may open their record; the page's edit actions need patients-edit.
 */
export const Route = createFileRoute('/_app/patients/record/$id')({
  staticData: { permission: 'patients-index' },
  component: function PatientRecordRoute() {
    const { id } = Route.useParams()
    return <PatientRecordPage id={id} />
  },
})
