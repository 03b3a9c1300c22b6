import { useLingui } from '@lingui/react/macro'
import { READING_KINDS } from '../../contract/schemas/readings'
import { RangePicker } from '../../ui/charts/RangePicker'
import { useRange } from '../../ui/charts/use-range'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { ChartPanel } from './ChartPanel'
import { NotAPatient } from './NotAPatient'
import { useSelfTracking } from './use-self-tracking'
import './self-tracking.css'

/** SPEC §2 /patient/evolution: every kind's chart over one chosen range. */
export function EvolutionPage() {
  const { t } = useLingui()
  const { db, patientId } = useSelfTracking()
  const range = useRange()
  const title = t`Mi evolución`
  if (!patientId) return <NotAPatient title={title} />
  if (!db) return <Spinner />
  return (
    <section className="page self-tracking">
      <PageHeader title={title} />
      <RangePicker value={range.choice} onChange={range.setChoice} />
      <div className="self-tracking__charts">
        {READING_KINDS.map((kind) => (
          <ChartPanel key={kind} db={db} patientId={patientId} kind={kind} range={range} />
        ))}
      </div>
    </section>
  )
}
