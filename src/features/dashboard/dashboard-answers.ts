import type { DashboardFigures } from '../../contract/rules/dashboard/figures'
import type { SpecialLabel } from '../../contract/schemas/special-labels'
import type { DashboardDocumentInput } from '../../documents/dashboard-pdf'

/**
 * Every item of the dashboard as the server's calls answer them (SPEC §7 "Dashboard reports and
 * exports", names included): what the screen shows and the PDF prints, whichever side counted.
 */
export type DashboardAnswers = DashboardDocumentInput['figures']

/** The names the device looks up in its catalogues (the server's calls join them). */
export interface DashboardNames {
  affectedSystems: ReadonlyMap<string, string>
  vaccines: ReadonlyMap<string, string>
  disabilityTypes: ReadonlyMap<string, string>
  /** The live labels with their sublabels, in the order the figures list them. */
  labels: readonly SpecialLabel[]
}

/**
 * What a name shows while the device holds nothing of its catalogue yet: a first sign-in brings
 * the catalogues after the records (`sync/engine.ts`), and the figures come first.
 */
export const NAME_TO_COME = '…'

/**
 * A name; the id when the catalogue no longer has it (as the server answers: nothing dropped), and
 * `NAME_TO_COME` while the device holds none of the catalogue, which a catalogue it has fetched,
 * inactive entries and all, never is when a record names one of its entries.
 */
export const nameIn = (names: ReadonlyMap<string, string>, id: string) =>
  names.get(id) ?? (names.size === 0 ? NAME_TO_COME : id)

/** The device's figures as the server's answers, named from the device's catalogues. */
export function answersOf(figures: DashboardFigures, names: DashboardNames): DashboardAnswers {
  const systemNamed = <T extends { affected_system_id: string }>(row: T) => ({
    ...row,
    name: nameIn(names.affectedSystems, row.affected_system_id),
  })
  const labelOf = new Map(names.labels.map((label) => [label.id, label]))
  const sublabelNames = new Map(
    names.labels.flatMap((label) => label.sublabels.map((sublabel) => [sublabel.id, sublabel.name] as const)),
  )
  return {
    periodicExams: figures.periodicExams,
    vaccines: {
      ...figures.vaccines,
      vaccines: figures.vaccines.vaccines.map((row) => ({
        ...row,
        name: nameIn(names.vaccines, row.vaccine_id),
      })),
    },
    covid: figures.covid,
    specialLabels: {
      labels: figures.specialLabels.map((count) => {
        const label = labelOf.get(count.label_id)
        return {
          label_id: count.label_id,
          name: label?.name ?? count.label_id,
          color: label?.color ?? '',
          icon: label?.icon ?? '',
          patients: count.patients,
          sublabels: count.sublabels.map((row) => ({
            ...row,
            name: sublabelNames.get(row.sublabel_id) ?? '',
          })),
        }
      }),
      pregnancy: {
        ...figures.pregnancy,
        sublabels: figures.pregnancy.sublabels.map((row) => ({
          ...row,
          name: sublabelNames.get(row.sublabel_id) ?? '',
        })),
      },
    },
    topDiagnoses: figures.topDiagnoses,
    topAffectedSystems: figures.topAffectedSystems.map(systemNamed),
    affectedSystems: {
      systems: figures.affectedSystems.systems.map(systemNamed),
      months: figures.affectedSystems.months,
    },
    closedDays: {
      ...figures.lostDays,
      types: figures.lostDays.types.map((row) => ({
        ...row,
        name: nameIn(names.disabilityTypes, row.type_id),
      })),
    },
  }
}
