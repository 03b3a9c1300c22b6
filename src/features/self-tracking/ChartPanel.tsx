import { useLingui } from '@lingui/react/macro'
import { useBloodPressureRanges } from '../../catalogs/use-catalog'
import type { ReadingKind } from '../../contract/schemas/readings'
import type { LocalDb } from '../../db/local-db'
import { ReadingsChart } from '../../ui/charts/ReadingsChart'
import type { RangeState } from '../../ui/charts/use-range'
import { PdfButton } from './PdfButton'
import { KIND_TITLES } from './texts'
import { useReadings } from './use-self-tracking'

/** One kind's chart over the chosen range, read from the device, with its PDF for that range. */
export function ChartPanel({
  db,
  patientId,
  kind,
  range,
  headingLevel = 2,
}: {
  db: LocalDb
  patientId: string
  kind: ReadingKind
  range: RangeState
  headingLevel?: 2 | 3
}) {
  const { i18n } = useLingui()
  const rows = useReadings(db, patientId, kind, range.instants.from, range.instants.to)
  const ranges = useBloodPressureRanges()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const title = i18n._(KIND_TITLES[kind])
  return (
    <section className="chart-panel" aria-label={title}>
      <div className="chart-panel__header">
        <Heading className="chart-panel__title">{title}</Heading>
        <PdfButton db={db} patientId={patientId} kind={kind} from={range.bounds.from} to={range.bounds.to} />
      </div>
      <ReadingsChart
        kind={kind}
        // The rows of this kind hold its fields: the mutators and the pull checked them.
        rows={(rows ?? []) as never}
        from={range.bounds.from}
        to={range.bounds.to}
        bloodPressureRanges={ranges ?? []}
      />
    </section>
  )
}
