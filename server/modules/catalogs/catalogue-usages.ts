import { and, count, eq, isNull, sql } from 'drizzle-orm'
import {
  CATALOGUE_DEFINITIONS,
  type CatalogueDefinition,
} from '../../../src/contract/schemas/catalogue-definitions'
import type { Tx } from '../../db/client'
import { catalogueEntries, patients, recordSections, vaccinationRecords } from '../../db/schema'
import type { MessageKey } from '../../platform/messages'

/** Counts the live records that name a value (or one of its items). */
type Usage = (tx: Tx, id: string, itemIds: string[]) => Promise<number>

const first = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0

/** Values of other catalogues under this one: a diagnosis under its system, a sub-classification. */
const childrenOf =
  (catalogue: string): Usage =>
  (tx, id) =>
    first(
      tx
        .select({ n: count() })
        .from(catalogueEntries)
        .where(
          and(
            eq(catalogueEntries.catalogue, catalogue),
            eq(catalogueEntries.parentId, id),
            isNull(catalogueEntries.deletedAt),
          ),
        ),
    )

/** Records that use values of a catalogue, each named by where it is used. */
const RECORD_USAGES: Partial<Record<string, [MessageKey, Usage][]>> = {
  // A patient carries subgroup item ids (issue 18).
  subgroups: [
    [
      'catalogue.usedBy.patients',
      (tx, _id, itemIds) =>
        itemIds.length === 0
          ? Promise.resolve(0)
          : first(
              tx
                .select({ n: count() })
                .from(patients)
                .where(
                  and(
                    isNull(patients.deletedAt),
                    sql`${patients.subgroups} ?| array[${sql.join(
                      itemIds.map((itemId) => sql`${itemId}`),
                      sql`, `,
                    )}]::text[]`,
                  ),
                ),
            ),
    ],
  ],
  // A patient's vaccination record names its vaccine (issue 21).
  'vaccination-records': [
    [
      'catalogue.usedBy.vaccinationRecords',
      (tx, id) =>
        first(
          tx
            .select({ n: count() })
            .from(vaccinationRecords)
            .where(and(eq(vaccinationRecords.vaccineId, id), isNull(vaccinationRecords.deletedAt))),
        ),
    ],
  ],
  'medical-conditions': [
    [
      'catalogue.usedBy.recordSections',
      (tx, id) =>
        first(
          tx
            .select({ n: count() })
            .from(recordSections)
            .where(
              and(
                eq(recordSections.section, 'medical-conditions'),
                eq(recordSections.medicalConditionId, id),
                isNull(recordSections.deletedAt),
              ),
            ),
        ),
    ],
  ],
}

/** Where each catalogue's values are used: its records, and the catalogues whose parent it is. */
function usagesFor(definition: CatalogueDefinition): [MessageKey, Usage][] {
  const children = CATALOGUE_DEFINITIONS.flatMap((child): [MessageKey, Usage][] =>
    child.children.kind === 'parent' && child.children.catalogue === definition.name
      ? [[`catalogue.usedBy.${child.name}` as MessageKey, childrenOf(child.name)]] // a key of MESSAGES, checked by catalogues.routes.test.ts
      : [],
  )
  return [...children, ...(RECORD_USAGES[definition.name] ?? [])]
}

/** The places (message keys) where a value or one of its items is used; none when it may go. */
export async function usagesOf(
  tx: Tx,
  definition: CatalogueDefinition,
  id: string,
  itemIds: string[],
): Promise<MessageKey[]> {
  const places: MessageKey[] = []
  for (const [place, usage] of usagesFor(definition)) {
    if ((await usage(tx, id, itemIds)) > 0) places.push(place)
  }
  return places
}
