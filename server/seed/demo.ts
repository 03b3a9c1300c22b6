import { and, eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { type Db, type Tx, withTenant } from '../db/client'
import {
  assignmentHistory,
  assignmentRequestPatients,
  assignmentRequests,
  catalogueEntries,
  changeLog,
  landlordUsers,
  patientAssignments,
  patients,
  privacyNotices,
  rolePermissions,
  roles,
  securityAnswers,
  tenants,
  users,
} from '../db/schema'
import { normalizeAnswer } from '../modules/authentication/recovery'
import { provisionTenant } from '../modules/configuration/tenant-provisioning'
import { hashPassword } from '../platform/passwords'
import { seedCatalogues } from './catalogues'
import { seedDemoEncounters } from './demo-encounters'
import { seedDemoExams, seedExamsOfExistingDemo } from './demo-exams'
import { seedDemoMedicalReports } from './demo-medical-reports'
import { seedDemoTriage } from './demo-triage'
import { demoWorkOf, seedDemoVaccinations } from './demo-vaccinations'
import { generatePerson, randomSource } from './people'
import { PROFILES } from './profiles'
import { demoSublabelOf, seedTenantCatalogs } from './tenant-catalogs'
import { seedVaccines } from './vaccines'

export const DEMO_PASSWORD = 'Demo1234!'
export const DEMO_PATIENT_COUNT = 200

/** The id of a value of the tenant's practitioner-titles catalogue, seeded before the accounts. */
async function practitionerTitleId(tx: Tx, tenantId: string, name: string): Promise<string | null> {
  const [title] = await tx
    .select({ id: catalogueEntries.id })
    .from(catalogueEntries)
    .where(
      and(
        eq(catalogueEntries.tenantId, tenantId),
        eq(catalogueEntries.catalogue, 'practitioner-titles'),
        eq(catalogueEntries.name, name),
      ),
    )
  return title?.id ?? null
}

/** The demo accounts of the README, one per role of SPEC §1. */
export const DEMO_USERS = [
  {
    email: 'admin@demo.localhost',
    profile: 'administrator',
    name: 'Adriana',
    lastName: 'Villarreal',
    second: 'Garza',
    employee: 'E0001',
  },
  {
    email: 'doctor@demo.localhost',
    profile: 'health-professional',
    name: 'Ricardo',
    lastName: 'Salinas',
    second: 'Ochoa',
    employee: 'E0002',
    // What signs a certificate or a prescription (NOM-004): the title and the cédula profesional.
    title: 'Dr.',
    license: '8123456',
  },
  {
    email: 'nurse@demo.localhost',
    profile: 'health-professional',
    name: 'Lucía',
    lastName: 'Mendoza',
    second: 'Pineda',
    employee: 'E0003',
    title: 'Lic. Enf.',
    license: '9234567',
  },
  {
    email: 'staff@demo.localhost',
    profile: 'administrative-staff',
    name: 'Jorge',
    lastName: 'Ibarra',
    second: 'Lozano',
    employee: 'E0004',
  },
  {
    email: 'manager@demo.localhost',
    profile: 'account-manager',
    name: 'Paola',
    lastName: 'Cárdenas',
    second: 'Ríos',
    employee: 'E0005',
  },
  {
    email: 'tech@demo.localhost',
    profile: 'technical-administrator',
    name: 'Héctor',
    lastName: 'Quiroga',
    second: 'Zamora',
    employee: 'E0006',
  },
  {
    email: 'super@demo.localhost',
    profile: 'superuser',
    name: 'Sofía',
    lastName: 'Montemayor',
    second: 'Leal',
    employee: 'E0007',
  },
  { email: 'patient@demo.localhost', profile: 'patient', name: '', lastName: '', second: '', employee: '' },
  // A new account whose password the administrator chose: it must be changed at first sign-in.
  {
    email: 'nuevo@demo.localhost',
    profile: 'health-professional',
    name: 'Tomás',
    lastName: 'Reyes',
    second: 'Cantú',
    employee: 'E0008',
  },
] as const

/** The health professionals can recover their password by questions with these answers. */
export const DEMO_SECURITY_QUESTIONS = [
  { question: '¿Cuál es el nombre de tu primera mascota?', answer: 'Firulais' },
  { question: '¿En qué ciudad naciste?', answer: 'Querétaro' },
  { question: '¿Cuál es tu comida favorita?', answer: 'Pozole' },
] as const

const DEMO_PRIVACY_NOTICE = {
  textEs:
    'Clínica Demo, con domicilio en Av. Constituyentes 100, Querétaro, Qro., es responsable del tratamiento de tus datos personales y de salud. Los usamos para integrar tu expediente clínico (NOM-004-SSA3-2012), dar seguimiento a tu salud ocupacional y cumplir obligaciones legales. Puedes ejercer tus derechos ARCO escribiendo a privacidad@demo.localhost.',
  textEn:
    'Clínica Demo, at Av. Constituyentes 100, Querétaro, Qro., is responsible for processing your personal and health data. We use it to keep your clinical record (NOM-004-SSA3-2012), follow your occupational health and meet legal duties. You may exercise your ARCO rights by writing to privacidad@demo.localhost.',
}

export interface DemoSeedResult {
  created: boolean
  tenantId: string
}

/** Seeds the landlord superuser and the `demo` tenant, unless the tenant already exists. */
export async function seedDemo(db: Db): Promise<DemoSeedResult> {
  const [existing] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'))
  if (existing) {
    // A demo made before the vaccination catalogues and records (issue 21) gets them once.
    await withTenant(db, existing.id, async (tx) => {
      await seedVaccines(tx, existing.id)
      await seedDemoVaccinations(tx, existing.id)
    })
    // And one made before the occupational exams (issue 22) gets those once.
    await withTenant(db, existing.id, (tx) => seedExamsOfExistingDemo(tx, existing.id))
    // And one made before the medical reports (issue 23), those.
    await withTenant(db, existing.id, (tx) => seedDemoMedicalReports(tx, existing.id))
    return { created: false, tenantId: existing.id }
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db
    .insert(landlordUsers)
    .values({ id: uuidv7(), email: 'root@admin.localhost', name: 'Superusuario del proveedor', passwordHash })
    .onConflictDoNothing()

  const tenantId = uuidv7()
  await withTenant(db, tenantId, async (tx) => {
    const systemIds = await provisionTenant(tx, {
      id: tenantId,
      slug: 'demo',
      tradeName: 'Clínica Demo',
      businessName: 'Servicios de Salud Ocupacional Demo S.A. de C.V.',
      rfc: 'SSO150310MK1',
      primaryColor: '#0b7a75',
      passwordExpiryMonths: 0,
      addressStreet: 'Av. Constituyentes 1001, Col. Centro',
      addressCity: 'Santiago de Querétaro',
      addressState: 'Querétaro',
      addressPostalCode: '76000',
      phone: '442 215 3000',
      employerRegistration: 'E1234567102',
    })
    const roleIds = new Map<string, string>()
    for (const profile of PROFILES) {
      const id = uuidv7()
      roleIds.set(profile.code, id)
      await tx
        .insert(roles)
        .values({ tenantId, id, code: profile.code, name: profile.name, roleType: profile.roleType })
      await tx
        .insert(rolePermissions)
        .values([...new Set(profile.permissions)].map((permission) => ({ tenantId, roleId: id, permission })))
    }

    const random = randomSource(20_261_122)
    const seenCurps = new Set<string>()
    const people = []
    for (let index = 0; people.length < DEMO_PATIENT_COUNT; index++) {
      const person = generatePerson(random, index)
      if (seenCurps.has(person.curp)) continue
      seenCurps.add(person.curp)
      people.push(person)
    }
    const sublabelIds = await seedTenantCatalogs(tx, tenantId)
    const subgroupItems = await seedCatalogues(tx, tenantId, systemIds)
    await seedVaccines(tx, tenantId)
    const shifts = ['Matutino', 'Vespertino', 'Nocturno'].flatMap((name) => subgroupItems.get(name) ?? [])
    const patientRows = people.map(({ sex: _sex, ...person }, index) => {
      const work = demoWorkOf(index)
      const area = subgroupItems.get(work.area)
      return {
        tenantId,
        id: uuidv7(),
        nationalityCode: 'MEX',
        ...person,
        specialSublabelIds: demoSublabelOf(sublabelIds, index),
        // Every demo patient works a shift (an item of the seeded "Turno" subgroup) in an area.
        subgroups: [
          ...(shifts.length > 0 ? [shifts[index % shifts.length] as string] : []), // the index is within the list
          ...(area ? [area] : []),
        ],
        occupationalRisks: work.risks,
      }
    })
    await tx.insert(patients).values(patientRows)
    // The devices learn of every record through the change feed, seeded ones too.
    await tx.insert(changeLog).values(
      patientRows.map((row) => ({
        tenantId,
        entity: 'patient',
        entityId: row.id,
        op: 'upsert' as const,
        version: 1,
        patientId: row.id,
      })),
    )

    const patientOfDemo = patientRows[0] as (typeof patientRows)[number]
    const nurseAsPatient = patientRows[1] as (typeof patientRows)[number]
    const userIds = new Map<string, string>()
    for (const account of DEMO_USERS) {
      const isPatient = account.profile === 'patient'
      const id = uuidv7()
      userIds.set(account.email, id)
      await tx.insert(users).values({
        tenantId,
        id,
        email: account.email,
        employeeNumber: isPatient ? patientOfDemo.payrollNumber : account.employee,
        name: isPatient ? patientOfDemo.name : account.name,
        lastName: isPatient ? patientOfDemo.lastName : account.lastName,
        secondLastName: isPatient ? patientOfDemo.secondLastName : account.second,
        passwordHash,
        roleId: roleIds.get(account.profile) ?? null,
        ...('license' in account && {
          titleId: await practitionerTitleId(tx, tenantId, account.title),
          professionalLicense: account.license,
        }),
        mustChangePassword: account.email === 'nuevo@demo.localhost',
        // The nurse is also an employee followed as a patient: she can switch to patient mode.
        patientId: isPatient
          ? patientOfDemo.id
          : account.email === 'nurse@demo.localhost'
            ? nurseAsPatient.id
            : null,
      })
      if (isPatient) await tx.update(patients).set({ userId: id }).where(eq(patients.id, patientOfDemo.id))
      if (account.email === 'nurse@demo.localhost') {
        await tx.update(patients).set({ userId: id }).where(eq(patients.id, nurseAsPatient.id))
      }
      if (account.profile === 'health-professional') {
        const answers = await Promise.all(
          DEMO_SECURITY_QUESTIONS.map(async (q, position) => ({
            tenantId,
            userId: id,
            position: position + 1,
            question: q.question,
            answerHash: await hashPassword(normalizeAnswer(q.answer)),
          })),
        )
        await tx.insert(securityAnswers).values(answers)
      }
    }
    await seedAssignments(
      tx,
      tenantId,
      userIds,
      patientRows.map((row) => row.id),
    )
    await seedDemoEncounters(
      tx,
      tenantId,
      patientRows.map((row) => row.id),
      {
        doctor: userIds.get('doctor@demo.localhost') as string, // a DEMO_USERS account, made above
        nurse: userIds.get('nurse@demo.localhost') as string, // likewise
      },
    )
    await seedDemoTriage(
      tx,
      tenantId,
      patientRows.map((row) => ({ id: row.id, birthDate: row.birthDate })),
      {
        doctor: userIds.get('doctor@demo.localhost') as string, // a DEMO_USERS account, made above
        nurse: userIds.get('nurse@demo.localhost') as string, // likewise
      },
    )
    await seedDemoVaccinations(tx, tenantId)
    await seedDemoExams(
      tx,
      tenantId,
      patientRows.map((row) => ({
        id: row.id,
        examFrequency: row.examFrequency,
        hireDate: row.hireDate,
        administrativeStatus: row.administrativeStatus,
      })),
      {
        doctor: userIds.get('doctor@demo.localhost') as string, // a DEMO_USERS account, made above
        nurse: userIds.get('nurse@demo.localhost') as string, // likewise
      },
    )
    await seedDemoMedicalReports(tx, tenantId)
    await tx.insert(privacyNotices).values({ tenantId, version: 1, ...DEMO_PRIVACY_NOTICE })
  })
  return { created: true, tenantId }
}

/**
 * The demo professionals see only their assigned patients (they do not hold assignments.all):
 * the doctor and the nurse each get 40, twenty of them shared, all assigned by the administrator;
 * and the doctor has a request for five more waiting on the concentrated screen.
 */
async function seedAssignments(tx: Tx, tenantId: string, userIds: Map<string, string>, patientIds: string[]) {
  const admin = userIds.get('admin@demo.localhost') ?? null
  const doctor = userIds.get('doctor@demo.localhost') as string
  const nurse = userIds.get('nurse@demo.localhost') as string
  const pairs = [
    ...patientIds.slice(2, 42).map((patientId) => ({ patientId, userId: doctor })),
    ...patientIds.slice(22, 62).map((patientId) => ({ patientId, userId: nurse })),
  ]
  await tx
    .insert(patientAssignments)
    .values(pairs.map((pair) => ({ tenantId, id: uuidv7(), ...pair, assignedBy: admin })))
  const requestId = uuidv7()
  const asked = patientIds.slice(62, 67)
  await tx.insert(assignmentRequests).values({ tenantId, id: requestId, userId: doctor, requestedBy: doctor })
  await tx
    .insert(assignmentRequestPatients)
    .values(asked.map((patientId) => ({ tenantId, requestId, patientId })))
  await tx.insert(assignmentHistory).values([
    ...pairs.map((pair) => ({
      tenantId,
      id: uuidv7(),
      ...pair,
      action: 'assigned' as const,
      actorId: admin,
    })),
    ...asked.map((patientId) => ({
      tenantId,
      id: uuidv7(),
      patientId,
      userId: doctor,
      action: 'requested' as const,
      actorId: doctor,
      requestId,
    })),
  ])
}
