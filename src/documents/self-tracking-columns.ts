import type * as v from 'valibot'
import { classifyBloodPressure } from '../contract/rules/blood-pressure-class'
import { bodyMassIndex, waistToHipRatio } from '../contract/rules/vital-ranges'
import type { BloodPressureRange } from '../contract/schemas/catalogs'
import type { CreateReadingRequest, ReadingKind } from '../contract/schemas/readings'
import type { SelfTrackingTexts } from './self-tracking-texts'

/**
 * A reading as the API and the device's table present it: the create body's fields (snake_case,
 * SI units) and, once deleted, its tombstone. Other columns (version, timestamps) may ride along.
 */
export type ReadingOf<K extends ReadingKind> = v.InferOutput<(typeof CreateReadingRequest)[K]> & {
  deleted_at?: string | null
}

/** One column of a log's table: its heading, its share of the page's width and its cell's text. */
export interface Column<Row> {
  heading: string
  /** Relative width; the table spreads the page's width over the columns by these. */
  width: number
  cell: (row: Row) => string
}

export interface ColumnContext {
  texts: SelfTrackingTexts
  bloodPressureRanges: readonly BloodPressureRange[]
}

/** A number with at most `decimals` decimals and no trailing zeros; empty when missing. */
export function amount(value: number | null | undefined, decimals = 1): string {
  if (value == null) return ''
  const factor = 10 ** decimals
  return String(Math.round(value * factor) / factor)
}

const note = <Row extends { note?: string | null }>(texts: SelfTrackingTexts): Column<Row> => ({
  heading: texts.column.note,
  width: 3,
  cell: (row) => row.note ?? '',
})

/** The columns of each kind's log after the date and time, which every log starts with. */
export const columnsOf: { [K in ReadingKind]: (context: ColumnContext) => Column<ReadingOf<K>>[] } = {
  'blood-pressure': ({ texts, bloodPressureRanges }) => [
    { heading: texts.column.bloodPressure, width: 2, cell: (row) => `${row.systolic}/${row.diastolic}` },
    { heading: texts.column.heartRate, width: 2, cell: (row) => amount(row.heart_rate, 0) },
    {
      heading: texts.column.category,
      width: 3,
      cell: (row) => classifyBloodPressure(row.systolic, row.diastolic, bloodPressureRanges)?.name ?? '',
    },
    note(texts),
  ],
  glucose: ({ texts }) => [
    { heading: texts.column.glucose, width: 2, cell: (row) => amount(row.glucose) },
    { heading: texts.column.moment, width: 2.5, cell: (row) => (row.moment ? texts.moment[row.moment] : '') },
    note(texts),
  ],
  somatometry: ({ texts }) => [
    { heading: texts.column.weight, width: 1.3, cell: (row) => amount(row.weight_kg) },
    { heading: texts.column.height, width: 1.2, cell: (row) => amount(row.height_m, 2) },
    {
      heading: texts.column.bmi,
      width: 1.3,
      cell: (row) => amount(bodyMassIndex(row.weight_kg, row.height_m)),
    },
    { heading: texts.column.waist, width: 1.3, cell: (row) => amount(row.waist_cm) },
    { heading: texts.column.hip, width: 1.3, cell: (row) => amount(row.hip_cm) },
    {
      heading: texts.column.waistToHip,
      width: 1.5,
      cell: (row) => amount(waistToHipRatio(row.waist_cm, row.hip_cm), 2),
    },
    {
      heading: texts.column.otherSigns,
      width: 2.2,
      cell: (row) =>
        [
          row.temperature_c != null ? `${texts.sign.temperature} ${amount(row.temperature_c)} °C` : '',
          row.oximetry != null ? `${texts.sign.oximetry} ${row.oximetry} %` : '',
          row.heart_rate != null ? `${texts.sign.heartRate} ${row.heart_rate}` : '',
          row.respiratory_rate != null ? `${texts.sign.respiratoryRate} ${row.respiratory_rate}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
    },
    note(texts),
  ],
  nutrition: ({ texts }) => [
    {
      heading: texts.column.meals,
      width: 5,
      cell: (row) => row.meals.map((meal) => `${meal.time} ${meal.description}`).join('\n'),
    },
    { heading: texts.column.water, width: 1.5, cell: (row) => amount(row.water_ml, 0) },
    note(texts),
  ],
  habit: ({ texts }) => [
    { heading: texts.column.habit, width: 2, cell: (row) => texts.habit[row.habit] },
    { heading: texts.column.frequency, width: 2.5, cell: (row) => texts.frequency[row.frequency] },
    {
      heading: texts.column.quantity,
      width: 2,
      cell: (row) => (row.quantity == null ? '' : `${amount(row.quantity)} ${texts.quantityUnit[row.habit]}`),
    },
    note(texts),
  ],
}
