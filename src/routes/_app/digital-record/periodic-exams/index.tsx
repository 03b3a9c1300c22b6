import { createFileRoute } from '@tanstack/react-router'
import { PeriodicExamsIndexPage } from '../../../../features/periodic-exams/PeriodicExamsIndexPage'

/** SPEC §2 /digital-record/periodic-exams: every patient's periodic exam due state, from the device. */
export const Route = createFileRoute('/_app/digital-record/periodic-exams/')({
  staticData: { permission: 'periodic-exams-index' },
  component: PeriodicExamsIndexPage,
})
