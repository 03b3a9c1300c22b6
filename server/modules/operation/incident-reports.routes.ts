import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  amendIncidentReport,
  createIncidentReport,
  incidentReportPrefill,
  patientIncidentReports,
  showIncidentReport,
} from '../../../src/contract/endpoints/incident-reports'
import { incidentReportPrefillOf } from '../../../src/contract/rules/incident-report-prefill'
import type { IncidentReportPrefill } from '../../../src/contract/schemas/incident-reports'
import { disabilities, incidentReports, patients } from '../../db/schema'
import { assertLivePatientInScope } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import { route } from '../../platform/route'
import { reportRoutes } from './medical-report.routes'
import { INCIDENT_REPORT } from './report-kinds'

/**
 * ST-7 reports (SPEC §7 `incident-reports`, issue 23): create/information/{patient}, and the
 * shared report calls — list, create, show, amendment (SPEC's update). SPEC gives no delete.
 */
export async function incidentReportRoutes(app: FastifyInstance) {
  reportRoutes(app, INCIDENT_REPORT, {
    list: patientIncidentReports,
    create: createIncidentReport,
    show: showIncidentReport,
    amend: amendIncidentReport,
  })

  /**
   * The parts a new ST-7 starts from: the employer from the tenant's settings (registro patronal,
   * business name, address), the worker from the patient (name, NSS, CURP, hire date; occupation
   * and shift as the patient's latest ST-7 gave them, the record holding neither), and the
   * patient's disabilities the first attention may have issued, newest first. Audited as a read.
   */
  route(app, incidentReportPrefill, async ({ params }, req): Promise<IncidentReportPrefill> => {
    const tenant = req.tenant
    if (!tenant) throw new NotFoundError()
    return req.withTenant(async (tx) => {
      await assertLivePatientInScope(tx, req, params.patient)
      const [patient] = await tx.select().from(patients).where(eq(patients.id, params.patient))
      if (!patient) throw new NotFoundError()
      const reports = await tx
        .select({
          id: incidentReports.id,
          occurred_on: incidentReports.occurredOn,
          worker: incidentReports.worker,
        })
        .from(incidentReports)
        .where(and(eq(incidentReports.patientId, params.patient), isNull(incidentReports.deletedAt)))
      const linkable = await tx
        .select({
          id: disabilities.id,
          start_date: disabilities.startDate,
          end_date: disabilities.endDate,
          assigned_number: disabilities.assignedNumber,
        })
        .from(disabilities)
        .where(and(eq(disabilities.patientId, params.patient), isNull(disabilities.deletedAt)))
      await req.audit(tx, { action: 'incident-report.prefill', entity: 'patient', entityId: params.patient })
      // The device works the same prefill out offline from its cache: one function for both.
      return incidentReportPrefillOf({
        settings: {
          business_name: tenant.businessName,
          employer_registration: tenant.employerRegistration,
          address: tenant.address,
        },
        patient: {
          name: patient.name,
          last_name: patient.lastName,
          second_last_name: patient.secondLastName,
          nss: patient.nss,
          curp: patient.curp,
          hire_date: patient.hireDate,
        },
        reports,
        disabilities: linkable,
      })
    })
  })
}
