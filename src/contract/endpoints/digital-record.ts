import { DigitalRecordDocumentQuery, DigitalRecordParams } from '../schemas/digital-record'
import { OfflineOpeningRequest } from '../schemas/offline-openings'
import { endpoint } from './define'

/**
 * SPEC §7 "Patient record sections": `digital-record` and `clinical-history download`, the
 * digital record of SPEC §2 `/digital-record/{patient_id}` ("clinical history with consultation
 * history and a PDF", issue 24), under `/api/ephi` (DESIGN §3: the digital record and its PDFs).
 * Both need the screen's route name; each answers only the kinds the caller may read otherwise
 * (the change feed's rule), for a patient in their care. Decision 0031.
 */

/**
 * The whole record as data (`DigitalRecord`): what the page shows when the device does not hold
 * the patient, and the call the page makes when it opens online, so the opening is audited.
 */
export const showDigitalRecord = endpoint({
  service: 'ephi',
  method: 'GET',
  path: '/patients/digital-record/:id',
  access: 'digital-record-index',
  params: DigitalRecordParams,
})

/**
 * The whole record as one PDF (`src/documents/digital-record-pdf.ts`), the same bytes the device
 * builds offline from the same rows in the same zone and language.
 */
export const downloadClinicalHistory = endpoint({
  service: 'ephi',
  method: 'GET',
  path: '/patients/clinical-history/download/:id',
  access: 'digital-record-index',
  params: DigitalRecordParams,
  query: DigitalRecordDocumentQuery,
})

/**
 * The audit of an opening the server did not see (decision 0038): the device queues it when it
 * opens the record offline, and the outbox sends it once the network is back, as any write. Not a
 * SPEC call; this product's own, beside the read it stands in for (the patient's record page has
 * its sibling, `notePatientRecordOpening`, under that page's read permission).
 */
export const noteOfflineOpening = endpoint({
  service: 'ephi',
  method: 'POST',
  path: '/patients/digital-record/:id/offline-openings',
  reads: true,
  access: 'digital-record-index',
  params: DigitalRecordParams,
  body: OfflineOpeningRequest,
})
