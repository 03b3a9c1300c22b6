import type { FastifyInstance } from 'fastify'
import { admissionExamFiles } from '../../../src/contract/endpoints/admission-exams'
import { encounterFiles, type FileOwner } from '../../../src/contract/endpoints/attachments'
import { disabilityFiles, disabilitySignatureFiles } from '../../../src/contract/endpoints/disabilities'
import { incidentReportFiles } from '../../../src/contract/endpoints/incident-reports'
import { periodicExamResultFiles } from '../../../src/contract/endpoints/periodic-exams'
import { shortHistoryFiles } from '../../../src/contract/endpoints/short-histories'
import { admissionExams, encounters, periodicExamResults } from '../../db/schema'
import { triageFilterRoutes } from '../covid/triage-list.routes'
import { dashboardFilterRoutes } from '../dashboard/filters.routes'
import type { ModuleDeps } from '../deps'
import { vaccinationFilterRoutes } from '../vaccination/index.routes'
import { patientVaccinationRecordRoutes } from '../vaccination/records.routes'
import { admissionExamRoutes } from './admission-exams.routes'
import { affectedSystemsExcelRoutes } from './affected-systems-excel.routes'
import { assignationRuleRoutes } from './assignation-rules.routes'
import { assignmentRequestRoutes } from './assignment-requests.routes'
import { assignmentRoutes } from './assignments.routes'
import { attachmentRoutes, type ServerFileOwner } from './attachments.routes'
import { disabilityRoutes } from './disabilities.routes'
import { encounterDocumentRoutes } from './encounter-documents.routes'
import { encounterRoutes } from './encounters.routes'
import { examDocumentRoutes } from './exam-documents.routes'
import { healthCertificateRoutes } from './health-certificates.routes'
import { incidentReportRoutes } from './incident-reports.routes'
import type { ReportKind } from './medical-reports'
import { patientEvolutionRoutes } from './patient-evolution.routes'
import { patientInformationRoutes } from './patient-information.routes'
import { patientLookupRoutes } from './patient-lookups.routes'
import { patientPickerRoutes } from './patient-picker.routes'
import { patientProfileRoutes } from './patient-profile.routes'
import { patientRoutes } from './patients.routes'
import { periodicExamRoutes } from './periodic-exams.routes'
import { periodicExamsExcelRoutes } from './periodic-exams-excel.routes'
import { practitionerRoutes } from './practitioners.routes'
import { readingRoutes } from './readings.routes'
import { readingsPdfRoutes } from './readings-pdf.routes'
import { recordSectionRoutes } from './record-sections.routes'
import { reportDocumentRoutes } from './report-documents.routes'
import { DISABILITY, INCIDENT_REPORT, SHORT_HISTORY } from './report-kinds'
import { shortHistoryRoutes } from './short-histories.routes'

/** A consultation's attachments (decision 0023): its files hang on the encounter's row. */
const encounterOwner: ServerFileOwner = {
  owner: encounterFiles,
  rows: {
    table: encounters,
    id: encounters.id,
    patientId: encounters.patientId,
    deletedAt: encounters.deletedAt,
  },
}

/** A periodic exam's result files hang on its clinical-exam row (issue 22). */
const periodicExamResultOwner: ServerFileOwner = {
  owner: periodicExamResultFiles,
  rows: {
    table: periodicExamResults,
    id: periodicExamResults.id,
    patientId: periodicExamResults.patientId,
    deletedAt: periodicExamResults.deletedAt,
  },
}

/** An admission exam's lab files hang on the exam (issue 22). */
const admissionExamOwner: ServerFileOwner = {
  owner: admissionExamFiles,
  rows: {
    table: admissionExams,
    id: admissionExams.id,
    patientId: admissionExams.patientId,
    deletedAt: admissionExams.deletedAt,
  },
}
/** A medical report's files (issue 23) hang on the report's row. */
const reportOwner = (owner: FileOwner, kind: ReportKind): ServerFileOwner => ({
  owner,
  rows: {
    table: kind.table,
    id: kind.table.id,
    patientId: kind.table.patientId,
    deletedAt: kind.table.deletedAt,
  },
})

/** `/api/operation`: patients and their record sections (the offline kinds first), assignments, consultations. */
export async function operationModule(app: FastifyInstance, deps: ModuleDeps) {
  await app.register(patientRoutes)
  await app.register(patientLookupRoutes)
  await app.register(patientInformationRoutes)
  await app.register(patientPickerRoutes)
  await app.register(practitionerRoutes)
  await app.register(patientProfileRoutes)
  await app.register(readingRoutes)
  await app.register(readingsPdfRoutes, { db: deps.database.db, files: deps.files })
  await app.register(assignmentRoutes)
  await app.register(assignmentRequestRoutes)
  await app.register(assignationRuleRoutes)
  await app.register(recordSectionRoutes)
  await app.register(encounterRoutes)
  await app.register(patientEvolutionRoutes)
  await app.register(triageFilterRoutes, { db: deps.database.db })
  await app.register(encounterDocumentRoutes, { files: deps.files })
  await app.register((scope) => attachmentRoutes(scope, { owner: encounterOwner, files: deps.files }))
  await app.register(patientVaccinationRecordRoutes)
  await app.register(vaccinationFilterRoutes)
  await app.register(dashboardFilterRoutes)
  await app.register(periodicExamRoutes)
  await app.register(periodicExamsExcelRoutes)
  await app.register(affectedSystemsExcelRoutes)
  await app.register(admissionExamRoutes)
  await app.register(examDocumentRoutes, { files: deps.files })
  await app.register((scope) =>
    attachmentRoutes(scope, { owner: periodicExamResultOwner, files: deps.files }),
  )
  await app.register((scope) => attachmentRoutes(scope, { owner: admissionExamOwner, files: deps.files }))
  await app.register(shortHistoryRoutes)
  await app.register(healthCertificateRoutes)
  await app.register(disabilityRoutes)
  await app.register(incidentReportRoutes)
  await app.register(reportDocumentRoutes, { files: deps.files })
  const reportOwners: Array<[FileOwner, ReportKind]> = [
    [shortHistoryFiles, SHORT_HISTORY],
    [disabilityFiles, DISABILITY],
    [disabilitySignatureFiles, DISABILITY],
    [incidentReportFiles, INCIDENT_REPORT],
  ]
  for (const [owner, kind] of reportOwners) {
    await app.register((scope) =>
      attachmentRoutes(scope, { owner: reportOwner(owner, kind), files: deps.files }),
    )
  }
}
