import {
  ACTION_PERMISSIONS,
  ALL_PERMISSIONS,
  type Permission,
  ROUTE_PERMISSIONS,
} from '../../src/contract/rules/permissions'
import {
  CATALOGUE_DEFINITIONS,
  permissionsOfCatalogue,
} from '../../src/contract/schemas/catalogue-definitions'

/**
 * The seeded profiles, one for each role of SPEC §1, with a default set of permissions a tenant
 * then adjusts on the profiles screen. Doctors and nurses share the health-professional profile.
 */
export interface ProfileSeed {
  code: string
  name: string
  roleType: 'administrator' | 'health_professional'
  permissions: readonly Permission[]
}

const actions = (...families: string[]) => families.flatMap((family) => ACTION_PERMISSIONS[family] ?? [])
const R = ROUTE_PERMISSIONS
const selfService: Permission[] = ['profile-edit', 'notifications-index', 'calendar-index']

export const PROFILES: readonly ProfileSeed[] = [
  {
    code: 'administrator',
    name: 'Administrador',
    roleType: 'administrator',
    permissions: [
      'dashboard-index',
      ...R.catalogues,
      ...R.tools.filter((p) => p !== 'patient-profile-edit'),
      ...R.patients,
      ...actions('users', 'profiles', 'catalogues', 'assignments', 'tools'),
    ],
  },
  {
    code: 'health-professional',
    name: 'Profesional de la salud',
    roleType: 'health_professional',
    permissions: [
      'dashboard-index',
      ...selfService,
      ...R.patients,
      ...R.vaccinations,
      ...R.consultation,
      ...R.digitalRecord,
      ...R.video,
      ...actions(
        'certificates',
        'disability',
        'st7',
        'admission-exam',
        'periodic-exam',
        'short-history',
        'clinical',
      ),
      // Without assignments.all: a professional sees the patients assigned to them, and asks
      // for more (docs/decisions/0009-assignments.md).
      'assignments.history',
      'assignments.request-create',
      'assignments.request-cancel',
      'assignments.bulk-request',
      'assignments.assigned-filter',
      'dashboard.view',
      // The tenant's simple catalogues: they read them (issue 18), administrators change them.
      ...CATALOGUE_DEFINITIONS.map((definition) => permissionsOfCatalogue(definition).list),
      'catalogues.list',
      'catalogues.view',
    ],
  },
  {
    code: 'administrative-staff',
    name: 'Personal administrativo',
    roleType: 'administrator',
    permissions: [
      'dashboard-index',
      ...selfService,
      'patients-index',
      'patients-create',
      'patients-edit',
      // Registration staff are not assigned patients: they keep every patient in view.
      'assignments.all',
      'vaccinations-index',
      'vaccinations-card',
      'db-patient-users-index',
      'db-vaccinations-index',
      'bulk-loads.use',
    ],
  },
  {
    code: 'account-manager',
    name: 'Gestor de cuenta',
    roleType: 'administrator',
    permissions: [
      'dashboard-index',
      ...selfService,
      'clients-index',
      'clients-create',
      'clients-edit',
      'users-index',
      'users-create',
      'users-edit',
      'profiles-index',
      'patients-index',
      'data-mining-index',
      'data-mining-create',
      'assignments-concentrated-index',
      'assignments-concentrated-details',
      ...actions('users'),
      'assignments.concentrated-accept',
      'assignments.concentrated-refuse',
      'assignments.concentrated-export',
      // Deciding requests needs the patients in view, not only the ones assigned to them.
      'assignments.all',
      'data-mining.use',
    ],
  },
  {
    code: 'technical-administrator',
    name: 'Administrador técnico',
    roleType: 'administrator',
    permissions: [
      'dashboard-index',
      ...selfService,
      ...R.catalogues,
      'db-medic-users-index',
      'db-patient-users-index',
      'db-assignation-special-label-index',
      'db-vaccinations-index',
      ...actions('users', 'profiles', 'catalogues'),
      'bulk-loads.use',
      'audit.view',
    ],
  },
  { code: 'superuser', name: 'Superusuario', roleType: 'administrator', permissions: ALL_PERMISSIONS },
  {
    code: 'patient',
    name: 'Paciente',
    roleType: 'administrator',
    permissions: ['patient-home', 'patient-profile-edit', ...R.patientMode],
  },
]
