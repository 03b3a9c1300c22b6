import * as v from 'valibot'

/**
 * SPEC §7 `GET /practitioners/{id}` (decision 0036): a health professional as the documents they
 * sign print them — full name, practitioner title (decision 0018) and cédula profesional — so a
 * device can build a prescription or a certificate's PDF naming its signer as the server does.
 * Only accounts of a health-professional profile are practitioners; the tenant records no
 * specialty, so none is answered.
 */

export const PractitionerParams = v.object({ id: v.pipe(v.string(), v.uuid('field.uuid')) })

export const Practitioner = v.object({
  id: v.string(),
  name: v.string(),
  /** The practitioner title's name, when the account has one. */
  title: v.nullable(v.string()),
  /** The cédula profesional, when the account has one. */
  professional_license: v.nullable(v.string()),
})
export type Practitioner = v.InferOutput<typeof Practitioner>
