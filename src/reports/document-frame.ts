import { readList } from '../catalogs/lists'
import type { LocalDb } from '../db/local-db'
import type { ReportContext } from '../documents/medical-report-documents'
import type { DocumentLanguage } from '../documents/self-tracking-texts'
import { readLetterhead, refreshLetterhead } from './tenant-letterhead'

/**
 * The patient's sex in words, from the cached reference lists as the server reads its own
 * (`encounter-documents.routes.ts`): the biological sex, else the gender. A device that holds no
 * name for the biological sex yet (its lists are from before they carried it) prints the gender's.
 * The cached lists are in the screen's language, which is the document's.
 */
export async function sexOf(db: LocalDb, patient: Record<string, unknown>) {
  const nameIn = async (list: 'biological-sexes' | 'genders', field: string) => {
    const code = typeof patient[field] === 'string' ? patient[field] : null
    if (!code) return null
    return (await readList(db, list)).find((item) => item.code === code)?.name ?? null
  }
  return (await nameIn('biological-sexes', 'biological_sex')) ?? (await nameIn('genders', 'gender'))
}

/**
 * What every clinical document printed on the device states beside its record, read from the
 * cache as the server reads it from its tables (`patientOf`, the tenant's letterhead): the
 * tenant's name, address and logo, and the patient's name, birth date, sex and CURP.
 */
export type DocumentFrameContext = Pick<ReportContext, 'language' | 'timeZone' | 'tenant' | 'patient'>

export async function documentFrameOf(
  db: LocalDb,
  patientId: string,
  language: DocumentLanguage,
  timeZone: string,
): Promise<DocumentFrameContext> {
  const [patient, letterhead] = await Promise.all([
    db.patients.get(patientId),
    readLetterhead(db).then((held) => held ?? refreshLetterhead(db)),
  ])
  const row = (patient ?? {}) as Record<string, unknown>
  const text = (field: string) => (typeof row[field] === 'string' ? (row[field] as string) : null)
  return {
    language,
    timeZone,
    tenant: {
      name: letterhead?.name ?? '',
      logo: letterhead?.logo ?? null,
      address: letterhead?.address ?? null,
    },
    patient: {
      name: [text('name'), text('last_name'), text('second_last_name')].filter(Boolean).join(' '),
      birth_date: text('birth_date'),
      sex: await sexOf(db, row),
      curp: text('curp'),
    },
  }
}
