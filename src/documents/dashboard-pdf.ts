import { TRIAGE_STATUSES } from '../contract/schemas/covid'
import type {
  AffectedSystemsAnswer,
  ClosedDaysAnswer,
  CovidAnswer,
  PeriodicExamBucketsAnswer,
  SpecialLabelsAnswer,
  TopAffectedSystemsAnswer,
  TopDiagnosesAnswer,
  VaccinesAnswer,
} from '../contract/schemas/dashboard'
import type { ConsultationDocumentInput } from './consultation-input'
import { documentBytes, drawLetterhead, drawPageFrames, openDocument, writeTitle } from './consultation-page'
import { dashboardTexts } from './dashboard-texts'
import { type Flow, writeColumns, writeHeading, writeParagraph, writeTable } from './pdf-flow'
import { day } from './report-document'
import type { DocumentLanguage } from './self-tracking-texts'

/**
 * The dashboard as a PDF (SPEC §7 `POST /download-pdf`, issue 24): one builder for the device
 * (over the figures it counted from its cache) and the server (over its calls' answers), so the
 * same figures give the same bytes (decision 0010). The figures are the calls' answers, names
 * included; the builder only lays them out.
 */
export interface DashboardDocumentInput {
  language: DocumentLanguage
  timeZone: string
  generatedAt: Date
  tenant: ConsultationDocumentInput['tenant']
  /** YYYY-MM-DD in the zone: the day the states (buckets, schemes, pregnancy) are of. */
  today: string
  /** The filters, named: what the figures count over. */
  filters: {
    from: string | null
    to: string | null
    subgroup: string | null
    specialLabel: string | null
    sublabel: string | null
  }
  /** The `covid-statuses` reference list's names in the document's language. */
  covidStatusNames: Readonly<Record<string, string>>
  figures: {
    periodicExams: PeriodicExamBucketsAnswer
    vaccines: VaccinesAnswer
    covid: CovidAnswer
    specialLabels: SpecialLabelsAnswer
    topDiagnoses: TopDiagnosesAnswer
    topAffectedSystems: TopAffectedSystemsAnswer
    affectedSystems: AffectedSystemsAnswer
    closedDays: ClosedDaysAnswer
  }
}

const BODY = { fontSize: 10 }
const n = (value: number) => String(value)

/** A table, or the "no data" line when it has no rows. */
function tableOrNone(
  flow: Flow,
  none: string,
  table: { headings: string[]; widths: number[]; rows: string[][] },
) {
  if (table.rows.length === 0) writeParagraph(flow, none, BODY)
  else writeTable(flow, table)
}

export function buildDashboardPdf(original: DashboardDocumentInput): { bytes: Uint8Array; fileName: string } {
  const texts = dashboardTexts[original.language]
  const { flow, input } = openDocument(original, 'dashboard', texts.title)
  const { figures, filters } = input
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.title)
  writeParagraph(flow, texts.period(filters.from && day(filters.from), filters.to && day(filters.to)), BODY)
  writeColumns(
    flow,
    [
      filters.subgroup ? `${texts.subgroup}: ${filters.subgroup}` : '',
      filters.specialLabel ? `${texts.specialLabel}: ${filters.specialLabel}` : '',
      filters.sublabel ? `${texts.sublabel}: ${filters.sublabel}` : '',
    ].filter(Boolean),
    BODY,
  )

  writeHeading(flow, `${texts.periodicExams} · ${texts.asOf(day(input.today))}`)
  const buckets = figures.periodicExams
  writeTable(flow, {
    headings: [texts.status, texts.patients],
    widths: [7, 3],
    rows: (['applied', 'due_soon', 'expired', 'never_examined'] as const).map((state) => [
      texts.examBuckets[state],
      n(buckets[state]),
    ]),
  })

  writeHeading(flow, texts.vaccinations)
  writeTable(flow, {
    headings: [`${texts.status} · ${texts.asOf(day(input.today))}`, texts.patients],
    widths: [7, 3],
    rows: [
      [texts.schemeComplete, n(figures.vaccines.complete)],
      [texts.schemeIncomplete, n(figures.vaccines.incomplete)],
      [texts.overdue, n(figures.vaccines.overdue)],
    ],
  })
  tableOrNone(flow, texts.none, {
    headings: [texts.vaccine, texts.doses, texts.patients],
    widths: [6, 2, 2],
    rows: figures.vaccines.vaccines.map((row) => [row.name, n(row.doses), n(row.patients)]),
  })

  writeHeading(flow, texts.covid)
  writeTable(flow, {
    headings: [texts.status, texts.patients],
    widths: [7, 3],
    rows: [
      ...TRIAGE_STATUSES.map((status) => [
        input.covidStatusNames[status] ?? status,
        n(figures.covid[status]),
      ]),
      [texts.total, n(figures.covid.total)],
    ],
  })

  const { pregnancy, labels } = figures.specialLabels
  writeHeading(flow, `${texts.pregnancy} · ${texts.asOf(day(input.today))}`)
  writeTable(flow, {
    headings: [texts.pregnancy, texts.patients],
    widths: [7, 3],
    rows: [
      [texts.total, n(pregnancy.total)],
      [texts.pregnancyLabelled, n(pregnancy.labelled)],
      ...pregnancy.sublabels.map((row) => [`  ${row.name}`, n(row.patients)]),
      [texts.pregnancyReported, n(pregnancy.reported_at_triage)],
    ],
  })

  writeHeading(flow, texts.specialLabels)
  tableOrNone(flow, texts.none, {
    headings: [texts.label, texts.patients],
    widths: [7, 3],
    rows: labels.flatMap((label) => [
      [label.name, n(label.patients)],
      ...label.sublabels.map((sublabel) => [`  ${sublabel.name}`, n(sublabel.patients)]),
    ]),
  })

  writeHeading(flow, texts.topDiagnoses)
  tableOrNone(flow, texts.none, {
    headings: [texts.code, texts.name, texts.consultations, texts.patients],
    widths: [1.5, 5.5, 1.5, 1.5],
    rows: figures.topDiagnoses.map((row) => [row.code, row.name, n(row.consultations), n(row.patients)]),
  })

  writeHeading(flow, texts.topAffectedSystems)
  tableOrNone(flow, texts.none, {
    headings: [texts.affectedSystem, texts.consultations, texts.patients],
    widths: [6, 2, 2],
    rows: figures.topAffectedSystems.map((row) => [row.name, n(row.consultations), n(row.patients)]),
  })

  writeHeading(flow, texts.affectedSystems)
  const systemNames = new Map(
    figures.affectedSystems.systems.map((row) => [row.affected_system_id, row.name]),
  )
  tableOrNone(flow, texts.none, {
    headings: [texts.month, texts.affectedSystem, texts.consultations],
    widths: [2, 6, 2],
    rows: figures.affectedSystems.months.map((row) => [
      row.month.replace('-', '/'),
      systemNames.get(row.affected_system_id) ?? row.affected_system_id,
      n(row.consultations),
    ]),
  })

  writeHeading(flow, texts.lostDays)
  const lost = figures.closedDays
  writeTable(flow, {
    headings: [texts.lostDays, ''],
    widths: [7, 3],
    rows: [
      [texts.lostDaysTotal, n(lost.total_days)],
      [texts.patientsWithLostDays, n(lost.patients)],
    ],
  })
  tableOrNone(flow, texts.none, {
    headings: [texts.disabilityType, texts.days],
    widths: [7, 3],
    rows: lost.types.map((row) => [row.name, n(row.days)]),
  })

  drawPageFrames(flow, `${texts.title} · ${input.tenant.name} · ${day(input.today)}`, input)
  return {
    bytes: documentBytes(flow),
    fileName: `${texts.fileName}_${input.today.split('-').reverse().join('_')}.pdf`,
  }
}
