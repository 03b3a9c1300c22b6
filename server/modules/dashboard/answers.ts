import { eq } from 'drizzle-orm'
import type { AffectedSystemsByPeriod } from '../../../src/contract/rules/dashboard/affected-systems'
import type {
  AffectedSystemsAnswer,
  ClosedDaysAnswer,
  CovidAnswer,
  PeriodicExamBucketsAnswer,
  SpecialLabelsAnswer,
  TopDiagnosesAnswer,
  VaccinesAnswer,
} from '../../../src/contract/schemas/dashboard'
import { dueCatalogueOf } from '../../../src/documents/vaccination-due-inputs'
import type { Tx } from '../../db/client'
import { catalogueEntries } from '../../db/schema'
import { vaccinationCatalogue } from '../vaccination/vaccination-data'
import { affectedSystemsOf, consultationFiguresOf, topDiagnosesOf } from './consultation-figures'
import { examBucketsOf } from './exam-figures'
import { lostDaysOf } from './lost-days'
import { covidCountsOf, pregnancyOf, specialLabelCountsOf } from './patient-figures'
import type { DashboardScope } from './scope'
import { vaccineFiguresOf } from './vaccine-figures'

/**
 * Each dashboard call's answer: the figures of the SQL beside this file, named from the tenant's
 * catalogues (a name the catalogue no longer has keeps its id, so nothing is dropped).
 */

/** Names of a catalogue's entries, deleted ones included: old records still name them. */
async function namesOf(tx: Tx, catalogue: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(eq(catalogueEntries.catalogue, catalogue))
  return new Map(rows.map((row) => [row.id, row.name]))
}

const AFFECTED_SYSTEMS = 'affected_system'

const namedSystems = (
  figures: AffectedSystemsByPeriod,
  names: Map<string, string>,
): AffectedSystemsAnswer => ({
  systems: figures.systems.map((row) => ({
    ...row,
    name: names.get(row.affected_system_id) ?? row.affected_system_id,
  })),
  months: figures.months,
})

export async function affectedSystemsAnswer(tx: Tx, scope: DashboardScope): Promise<AffectedSystemsAnswer> {
  return namedSystems(await affectedSystemsOf(tx, scope), await namesOf(tx, AFFECTED_SYSTEMS))
}

/** The affected systems and the top diagnoses from one pass over the period's rows (the PDF's). */
export async function consultationAnswers(
  tx: Tx,
  scope: DashboardScope,
): Promise<{ affectedSystems: AffectedSystemsAnswer; topDiagnoses: TopDiagnosesAnswer }> {
  const figures = await consultationFiguresOf(tx, scope)
  return {
    affectedSystems: namedSystems(figures.affectedSystems, await namesOf(tx, AFFECTED_SYSTEMS)),
    topDiagnoses: figures.topDiagnoses,
  }
}

export const topDiagnosesAnswer = (tx: Tx, scope: DashboardScope): Promise<TopDiagnosesAnswer> =>
  topDiagnosesOf(tx, scope)

export async function specialLabelsAnswer(tx: Tx, scope: DashboardScope): Promise<SpecialLabelsAnswer> {
  const counts = await specialLabelCountsOf(tx, scope)
  const pregnancy = await pregnancyOf(tx, scope)
  const sublabelNames = new Map(
    scope.labels.flatMap((label) => label.sublabels.map((s) => [s.id, s.name] as const)),
  )
  return {
    labels: scope.labels.map((label, index) => {
      const count = counts[index]
      return {
        label_id: label.id,
        name: label.name,
        color: label.color,
        icon: label.icon,
        patients: count?.patients ?? 0,
        sublabels: label.sublabels.map((sublabel, at) => ({
          sublabel_id: sublabel.id,
          name: sublabel.name,
          patients: count?.sublabels[at]?.patients ?? 0,
        })),
      }
    }),
    pregnancy: {
      ...pregnancy,
      sublabels: pregnancy.sublabels.map((row) => ({
        ...row,
        name: sublabelNames.get(row.sublabel_id) ?? '',
      })),
    },
  }
}

export async function vaccinesAnswer(tx: Tx, scope: DashboardScope): Promise<VaccinesAnswer> {
  const catalogue = await vaccinationCatalogue(tx)
  const figures = await vaccineFiguresOf(tx, scope, dueCatalogueOf(catalogue.vaccines, catalogue.scheme))
  const names = new Map(catalogue.vaccines.map((entry) => [entry.id, entry.name]))
  return {
    ...figures,
    vaccines: figures.vaccines.map((row) => ({ ...row, name: names.get(row.vaccine_id) ?? row.vaccine_id })),
  }
}

export const periodicExamsAnswer = (tx: Tx, scope: DashboardScope): Promise<PeriodicExamBucketsAnswer> =>
  examBucketsOf(tx, scope)

export async function closedDaysAnswer(tx: Tx, scope: DashboardScope): Promise<ClosedDaysAnswer> {
  const [figures, names] = [await lostDaysOf(tx, scope), await namesOf(tx, 'incapacityType')]
  return {
    ...figures,
    types: figures.types.map((row) => ({ ...row, name: names.get(row.type_id) ?? row.type_id })),
  }
}

export const covidAnswer = (tx: Tx, scope: DashboardScope): Promise<CovidAnswer> => covidCountsOf(tx, scope)
