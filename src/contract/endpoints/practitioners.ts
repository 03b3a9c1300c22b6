import { Practitioner, PractitionerParams } from '../schemas/practitioner'
import { endpoint } from './define'

/**
 * SPEC §7 `GET /practitioners/{id}`, under `/api/operation` with the patients' calls SPEC lists it
 * among: what a document prints of the professional who signs it (decision 0036). Any signed-in
 * user of the tenant may ask — a prescription shows its prescriber to whoever may open it,
 * the patient included — and only a health professional is answered.
 */
export const showPractitioner = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/practitioners/:id',
  access: 'authenticated',
  params: PractitionerParams,
  response: Practitioner,
})
