import { useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { NotAPatient } from './NotAPatient'
import { ReadingLog } from './ReadingLog'
import { useSelfTracking } from './use-self-tracking'
import './self-tracking.css'

/** The patient mode's "my log" (SPEC §2): every kind's entries by date, newest first. */
export function MyLogPage() {
  const { t } = useLingui()
  const { db, patientId } = useSelfTracking()
  const readings = useLiveQuery(
    async () =>
      db && patientId
        ? (await db.readings.where('patient_id').equals(patientId).toArray()).filter((r) => !r.deleted_at)
        : undefined,
    [db, patientId],
  )
  const title = t`Mi registro`
  if (!patientId) return <NotAPatient title={title} />
  if (!db || !readings) return <Spinner />
  return (
    <section className="page self-tracking">
      <PageHeader title={title} />
      <ReadingLog db={db} readings={readings} showKind />
    </section>
  )
}
