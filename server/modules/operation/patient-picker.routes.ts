import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { patientPicker } from '../../../src/contract/endpoints/operation'
import { searchWords } from '../../../src/contract/rules/search-text'
import { NO_PATIENT, type PatientOption, PICKER_PAGE } from '../../../src/contract/schemas/patient-picker'
import { patients } from '../../db/schema'
import { patientScope } from '../../platform/assignment-scope'
import { route } from '../../platform/route'

const fullName = sql<string>`concat_ws(' ', ${patients.name}, ${patients.lastName}, ${patients.secondLastName})`

/**
 * The full name lower-cased and without the accents Spanish names carry, as `foldText` folds the
 * words typed: `translate` works the same on PGlite and PostgreSQL (no `unaccent` extension).
 */
const foldedName = sql`translate(lower(${fullName}), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc')`

/** A patient whose folded name holds every word, or whose payroll number is what was typed. */
function matching(typed: string): SQL {
  const words = searchWords(typed)
  // `strpos`, not LIKE: a word is letters and digits only, and needs no escaping either way.
  const byName =
    words.length === 0
      ? sql`false`
      : sql.join(
          words.map((word) => sql`strpos(${foldedName}, ${word}) > 0`),
          sql` and `,
        )
  return sql`(${byName} or lower(${patients.payrollNumber}) = ${typed.toLowerCase()})`
}

const optionColumns = {
  id: patients.id,
  full_name: fullName,
  payroll_number: patients.payrollNumber,
  birth_date: patients.birthDate,
}

/**
 * SPEC §7 `GET /patients/list/{patientName}/{patientId}` (decision 0036): a picker's search over
 * the live patients the caller may see (their assigned ones without all-assignments), a page of
 * at most PICKER_PAGE by surname; `{patientId}`, the choice the picker holds, first when visible.
 * Audited as a list with the ids it showed, as the patients table is.
 */
export async function patientPickerRoutes(app: FastifyInstance) {
  route(app, patientPicker, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      const visible = and(isNull(patients.deletedAt), patientScope(req, patients.id))
      const chosenId = params.patientId === NO_PATIENT ? null : params.patientId
      const chosen = chosenId
        ? await tx
            .select(optionColumns)
            .from(patients)
            .where(and(eq(patients.id, chosenId), visible))
        : []
      const found = await tx
        .select(optionColumns)
        .from(patients)
        .where(and(visible, matching(params.patientName), chosenId ? ne(patients.id, chosenId) : undefined))
        .orderBy(asc(patients.lastName), asc(patients.secondLastName), asc(patients.name), asc(patients.id))
        .limit(PICKER_PAGE + 1)
      const data: PatientOption[] = [
        ...chosen.map((row) => ({ ...row, chosen: true })),
        ...found.slice(0, PICKER_PAGE).map((row) => ({ ...row, chosen: false })),
      ]
      await req.audit(tx, {
        action: 'patient.list',
        entity: 'patient',
        entityId: null,
        details: { patients: data.map((row) => row.id), search: params.patientName },
      })
      return { data, more: found.length > PICKER_PAGE }
    }),
  )
}
