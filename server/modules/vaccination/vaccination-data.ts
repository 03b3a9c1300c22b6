import { asc, inArray } from 'drizzle-orm'
import type { CardRecord } from '../../../src/documents/vaccination-card'
import type { VaccinationCatalogueEntry } from '../../../src/documents/vaccination-due-inputs'
import type { Tx } from '../../db/client'
import { catalogueEntries } from '../../db/schema'
import type { VaccinationRecordRow } from './records'

/**
 * The tenant's vaccines and scheme as the shared card and index functions read them. Deleted
 * entries come too, as inactive: an old dose still names its vaccine, but nothing falls due of it.
 */
export async function vaccinationCatalogue(tx: Tx): Promise<{
  vaccines: VaccinationCatalogueEntry[]
  scheme: VaccinationCatalogueEntry[]
}> {
  const rows = await tx
    .select()
    .from(catalogueEntries)
    .where(inArray(catalogueEntries.catalogue, ['vaccination-records', 'vaccination-scheme']))
    .orderBy(asc(catalogueEntries.position), asc(catalogueEntries.name))
  const entryOf = (row: (typeof rows)[number]): VaccinationCatalogueEntry => ({
    id: row.id,
    name: row.name,
    active: row.active && row.deletedAt === null,
    parent_id: row.parentId,
    details: row.details ?? null,
  })
  return {
    vaccines: rows.filter((row) => row.catalogue === 'vaccination-records').map(entryOf),
    scheme: rows.filter((row) => row.catalogue === 'vaccination-scheme').map(entryOf),
  }
}

/** A record row as the card and the index read it (the API's names). */
export function cardRecordOf(row: VaccinationRecordRow): CardRecord {
  return {
    vaccine_id: row.vaccineId,
    dose_number: row.doseNumber,
    applied_on: row.appliedOn,
    folio: row.folio,
    lot: row.lot,
    booster: row.booster,
    vaccinated_abroad: row.vaccinatedAbroad,
    country_code: row.countryCode,
    adverse_reactions: row.adverseReactions,
    deleted_at: row.deletedAt,
  }
}
