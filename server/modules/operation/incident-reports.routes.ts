import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  amendIncidentReport,
  createIncidentReport,
  incidentReportPrefill,
  patientIncidentReports,
  showIncidentReport,
} from '../../../src/contract/endpoints/incident-reports'
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
      const [latest] = await tx
        .select({ worker: incidentReports.worker })
        .from(incidentReports)
        .where(and(eq(incidentReports.patientId, params.patient), isNull(incidentReports.deletedAt)))
        .orderBy(desc(incidentReports.occurredOn), desc(incidentReports.id))
        .limit(1)
      const linkable = await tx
        .select({
          id: disabilities.id,
          start_date: disabilities.startDate,
          end_date: disabilities.endDate,
          assigned_number: disabilities.assignedNumber,
        })
        .from(disabilities)
        .where(and(eq(disabilities.patientId, params.patient), isNull(disabilities.deletedAt)))
        .orderBy(desc(disabilities.startDate), desc(disabilities.id))
      await req.audit(tx, { action: 'incident-report.prefill', entity: 'patient', entityId: params.patient })
      const { address } = tenant
      const postalCode = address.postal_code?.trim()
      return {
        employer: {
          business_name: tenant.businessName,
          employer_registration: tenant.employerRegistration ?? '',
          address: [address.street, address.city, address.state, postalCode && `C.P. ${postalCode}`]
            .map((part) => part?.trim())
            .filter(Boolean)
            .join(', '),
        },
        worker: {
          name: [patient.name, patient.lastName, patient.secondLastName].filter(Boolean).join(' '),
          nss: patient.nss ?? null,
          curp: patient.curp,
          occupation: latest?.worker.occupation ?? null,
          shift: latest?.worker.shift ?? null,
          hire_date: patient.hireDate ?? null,
        },
        disabilities: linkable,
      }
    })
  })
}
