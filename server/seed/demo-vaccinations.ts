import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { ageOn } from '../../src/contract/rules/age'
import type { OccupationalRisk } from '../../src/contract/schemas/catalogue-definitions'
import type { AdverseReaction } from '../../src/contract/schemas/vaccination-records'
import type { Tx } from '../db/client'
import { catalogueEntries, changeLog, patients, users, vaccinationRecords } from '../db/schema'

/**
 * What a demo patient's work exposes them to (issue 21), and the area subgroup item that goes
 * with it: the clinic's staff handle biological agents, maintenance works with machines and
 * noise, production with solvents and repetitive tasks, the warehouse with loads, the offices with
 * screens and pressure. The scheme applies hepatitis B and influenza to the clinic's staff and Td to
 * maintenance by these. Patient 1 is the demo nurse's own record: she is health staff.
 */
export function demoWorkOf(index: number): { risks: OccupationalRisk[]; area: string } {
  switch (index % 10) {
    case 1:
    case 4:
      return { risks: ['biological'], area: 'Servicio médico' }
    case 2:
    case 7:
      return { risks: ['mechanical', 'physical'], area: 'Mantenimiento' }
    case 3:
    case 8:
      return { risks: ['chemical', 'ergonomic'], area: 'Producción' }
    case 5:
      return { risks: ['ergonomic'], area: 'Almacén' }
    case 6:
      return { risks: ['psychosocial', 'ergonomic'], area: 'Oficinas' }
    default:
      return { risks: ['physical'], area: 'Producción' }
  }
}

/** One dose of a demo course: the vaccine by its seeded name, days before today. */
interface DemoDose {
  vaccine: string
  dose: number
  daysAgo: number
  booster?: boolean
  abroad?: string
  reaction?: Omit<AdverseReaction, 'date'> & { daysAfter: number }
}

const TD_SERIES = (startDaysAgo: number): DemoDose[] => [
  { vaccine: 'Td', dose: 1, daysAgo: startDaysAgo },
  { vaccine: 'Td', dose: 2, daysAgo: startDaysAgo - 30 },
  { vaccine: 'Td', dose: 3, daysAgo: startDaysAgo - 210 },
]
const HEPATITIS_B_SERIES = (startDaysAgo: number, abroad?: string): DemoDose[] => [
  { vaccine: 'Hepatitis B', dose: 1, daysAgo: startDaysAgo, ...(abroad ? { abroad } : {}) },
  { vaccine: 'Hepatitis B', dose: 2, daysAgo: startDaysAgo - 30 },
  { vaccine: 'Hepatitis B', dose: 3, daysAgo: startDaysAgo - 180 },
]

/**
 * The courses the demo's patients show, by their place in the list (index % 10; 7 to 9 have no
 * record yet): complete schemes, a series left halfway and overdue, one just started and not yet
 * due, a booster given and one overdue, the clinic's staff with hepatitis B, influenza and
 * SARS-CoV-2 (a first patient with an adverse reaction, one series started abroad).
 */
function courseOf(index: number, first: boolean, age: number): DemoDose[] {
  const sr: DemoDose[] = age >= 20 && age <= 39 ? [{ vaccine: 'SR', dose: 1, daysAgo: 1500 + index }] : []
  switch (index % 10) {
    case 0:
      return [...TD_SERIES(2900), ...sr]
    case 1:
      return [
        ...TD_SERIES(2400),
        ...HEPATITIS_B_SERIES(2000),
        {
          vaccine: 'Influenza estacional',
          dose: 1,
          daysAgo: 400,
          ...(first
            ? {
                reaction: {
                  daysAfter: 1,
                  time: '20:30',
                  symptoms: 'Fiebre de 38.2 °C, dolor y enrojecimiento en el sitio de aplicación',
                  comments:
                    'Cedió con paracetamol en 24 horas. Sin contraindicación para la siguiente dosis.',
                },
              }
            : {}),
        },
        { vaccine: 'SARS-CoV-2', dose: 1, daysAgo: 200 },
        ...sr,
      ]
    case 2:
      return [
        { vaccine: 'Td', dose: 1, daysAgo: 95 },
        { vaccine: 'Td', dose: 2, daysAgo: 60 },
      ]
    case 3:
      return [{ vaccine: 'Td', dose: 1, daysAgo: 10 }, ...sr]
    case 4:
      return [
        ...TD_SERIES(4300),
        { vaccine: 'Td', dose: 4, daysAgo: 330, booster: true },
        ...HEPATITIS_B_SERIES(1100, first ? 'USA' : undefined),
        { vaccine: 'Influenza estacional', dose: 1, daysAgo: 45 },
        { vaccine: 'SARS-CoV-2', dose: 1, daysAgo: 120 },
        ...sr,
      ]
    case 5:
      // The series finished twelve years ago: the ten-year booster is overdue.
      return TD_SERIES(4600)
    case 6:
      return [...TD_SERIES(1200), ...sr]
    default:
      return []
  }
}

const DAY_MS = 86_400_000

/**
 * Seeds the demo patients' vaccination records (issue 21) on dates relative to today, on the
 * seeded scheme's vaccines, authored by the demo nurse, each in the change feed so the devices
 * pull them. Does nothing when the tenant has vaccination records already (the seed runs on every
 * start of the demo) or lacks the demo vaccines. Answers how many records it wrote.
 */
export async function seedDemoVaccinations(tx: Tx, tenantId: string, today = new Date()): Promise<number> {
  const [any] = await tx.select({ id: vaccinationRecords.id }).from(vaccinationRecords).limit(1)
  if (any) return 0
  const vaccines = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(and(eq(catalogueEntries.catalogue, 'vaccination-records'), isNull(catalogueEntries.deletedAt)))
  const vaccineIds = new Map(vaccines.map((vaccine) => [vaccine.name, vaccine.id]))
  if (vaccineIds.size === 0) return 0
  const [nurse] = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ['nurse@demo.localhost']))
  const author = nurse?.id ?? null
  // The demo's patients in the order they were made (their payroll numbers follow it).
  const people = await tx
    .select({ id: patients.id, birthDate: patients.birthDate })
    .from(patients)
    .where(isNull(patients.deletedAt))
    .orderBy(asc(patients.payrollNumber))
  const day = (daysAgo: number) => new Date(today.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10)
  const todayIso = today.toISOString().slice(0, 10)
  const seen = new Set<number>()
  const rows: Array<typeof vaccinationRecords.$inferInsert> = []
  for (const [index, patient] of people.entries()) {
    const scenario = index % 10
    const first = !seen.has(scenario)
    seen.add(scenario)
    for (const dose of courseOf(index, first, ageOn(patient.birthDate, todayIso))) {
      const vaccineId = vaccineIds.get(dose.vaccine)
      if (!vaccineId) continue
      const appliedOn = day(dose.daysAgo)
      rows.push({
        tenantId,
        id: uuidv7(),
        patientId: patient.id,
        vaccineId,
        doseNumber: dose.dose,
        appliedOn,
        folio: `VAC-${appliedOn.slice(0, 4)}-${String(rows.length + 1).padStart(5, '0')}`,
        lot: `${dose.vaccine.slice(0, 2).toUpperCase()}${appliedOn.slice(2, 4)}${String(100 + (index % 900))}`,
        booster: dose.booster === true,
        vaccinatedAbroad: dose.abroad !== undefined,
        countryCode: dose.abroad ?? null,
        adverseReactions: dose.reaction
          ? [
              {
                date: day(dose.daysAgo - dose.reaction.daysAfter),
                time: dose.reaction.time,
                symptoms: dose.reaction.symptoms,
                comments: dose.reaction.comments,
              },
            ]
          : [],
        createdBy: author,
        updatedBy: author,
      })
    }
  }
  if (rows.length === 0) return 0
  await tx.insert(vaccinationRecords).values(rows)
  await tx.insert(changeLog).values(
    rows.map((row) => ({
      tenantId,
      entity: 'vaccination-record',
      entityId: row.id,
      op: 'upsert' as const,
      version: 1,
      patientId: row.patientId,
    })),
  )
  return rows.length
}
