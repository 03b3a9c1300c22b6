/**
 * Adds `count` patients to the demo tenant for the initial-sync benchmark, with their change-log
 * rows, the way the demo seed writes them (one `upsert` at version 1 per patient, in the
 * patient's own transaction). People come from the demo's generator (real state and
 * municipality codes, CURPs and NSS with valid check digits); rows go in set-based, a few
 * thousand per statement, each statement writing the patients and their change-log rows
 * together through a data-modifying CTE.
 */
import { eq, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { type Db, withTenant } from '../server/db/client'
import { patients, tenants } from '../server/db/schema'
import { generatePerson, randomSource } from '../server/seed/people'

const CHUNK = 5000

export async function seedBenchPatients(db: Db, count: number): Promise<void> {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'))
  if (!tenant) throw new Error('seed the demo tenant first')
  const tenantId = tenant.id
  const taken = new Set(
    (await withTenant(db, tenantId, (tx) => tx.select({ curp: patients.curp }).from(patients))).map(
      (row) => row.curp,
    ),
  )
  const random = randomSource(20_261_123)
  // Payroll numbers after the demo's, so the two sets never share one.
  let index = 1000
  let written = 0
  while (written < count) {
    const rows: Record<string, string>[] = []
    while (rows.length < Math.min(CHUNK, count - written)) {
      const { sex: _sex, ...person } = generatePerson(random, index++)
      if (taken.has(person.curp)) continue
      taken.add(person.curp)
      rows.push({
        id: uuidv7(),
        payroll_number: person.payrollNumber,
        administrative_status: person.administrativeStatus,
        name: person.name,
        last_name: person.lastName,
        second_last_name: person.secondLastName,
        birth_date: person.birthDate,
        nationality_code: 'MEX',
        birth_state_code: person.birthStateCode,
        marital_status: person.maritalStatus,
        phone: person.phone,
        curp: person.curp,
        nss: person.nss,
        gender: person.gender,
        biological_sex: person.biologicalSex,
        hire_date: person.hireDate,
        exam_frequency: person.examFrequency,
        address_state_code: person.addressStateCode,
        address_municipality_code: person.addressMunicipalityCode,
        address_other: person.addressOther,
        emergency_contact_name: person.emergencyContactName,
        emergency_contact_relationship: person.emergencyContactRelationship,
        emergency_contact_phone: person.emergencyContactPhone,
        supervisor: person.supervisor,
      })
    }
    await withTenant(db, tenantId, (tx) =>
      tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as p(
            id uuid, payroll_number text, administrative_status text, name text, last_name text,
            second_last_name text, birth_date date, nationality_code text, birth_state_code text,
            marital_status text, phone text, curp text, nss text, gender text, biological_sex text,
            hire_date date, exam_frequency text, address_state_code text,
            address_municipality_code text, address_other text, emergency_contact_name text,
            emergency_contact_relationship text, emergency_contact_phone text, supervisor text)
        ), inserted as (
          insert into patients (
            tenant_id, id, payroll_number, administrative_status, name, last_name, second_last_name,
            birth_date, nationality_code, birth_state_code, marital_status, phone, curp, nss, gender,
            biological_sex, hire_date, exam_frequency, address_state_code,
            address_municipality_code, address_other, emergency_contact_name,
            emergency_contact_relationship, emergency_contact_phone, supervisor)
          select ${tenantId}::uuid, id, payroll_number, administrative_status, name, last_name,
                 second_last_name, birth_date, nationality_code, birth_state_code, marital_status,
                 phone, curp, nss, gender, biological_sex, hire_date, exam_frequency,
                 address_state_code, address_municipality_code, address_other,
                 emergency_contact_name, emergency_contact_relationship, emergency_contact_phone,
                 supervisor
            from input
          returning id
        )
        insert into change_log (tenant_id, entity, entity_id, op, version, patient_id)
        select ${tenantId}::uuid, 'patient', id, 'upsert', 1, id from inserted order by id`),
    )
    written += rows.length
  }
}
