import { createFileRoute } from '@tanstack/react-router'
import { VaccinationIndexPage } from '../../../features/vaccinations/VaccinationIndexPage'

/** SPEC §2 /vaccinations: the patients' scheme status and next due dates, from the device (works offline). */
export const Route = createFileRoute('/_app/vaccinations/')({
  staticData: { permission: 'vaccinations-index' },
  component: VaccinationIndexPage,
})
