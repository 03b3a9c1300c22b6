/**
 * The permission catalogue (SPEC §6): one permission per guarded route name of SPEC §2, plus the
 * action families. A route's permission name equals its route name, so the guard, the sidebar
 * and the server all read the same strings.
 */

const CATALOGUE_SCREENS = [
  'medicines',
  'users',
  'profiles',
  'clients',
  'reason-for-consultation',
  'affected-systems',
  'cie-diagnostics',
  'disability-types',
  'disability-status',
  'clinical-exams',
  'special-labels',
  'subgroups',
  'vaccinations-records',
  'medical-conditions',
  'vaccinations-scheme',
  'classifications',
  'sub-classifications',
  'editable-inputs',
  // SPEC §2: "Collaborator types are also a catalogue"; practitioner titles are one of §3's.
  'collaborator-types',
  'practitioner-titles',
] as const

/** A catalogue screen of SPEC §2: its path and the base of its permission names. */
export type CatalogueScreenName = (typeof CATALOGUE_SCREENS)[number]

const crudScreens = <const T extends string>(names: readonly T[]) =>
  names.flatMap((name) => [`${name}-index`, `${name}-create`, `${name}-edit`] as const)

/** Route names of SPEC §2, grouped the way the profile editor shows them. */
export const ROUTE_PERMISSIONS = {
  dashboard: ['dashboard-index', 'patient-home', 'home-empty'],
  catalogues: crudScreens(CATALOGUE_SCREENS),
  tools: [
    'db-medic-users-index',
    'db-patient-users-index',
    'db-assignation-special-label-index',
    'db-vaccinations-index',
    'data-mining-index',
    'data-mining-create',
    'calendar-index',
    'notifications-index',
    'profile-edit',
    'patient-profile-edit',
  ],
  patients: [
    'patients-index',
    'patients-create',
    'patients-edit',
    'patients-assignments-history',
    'assignments-concentrated-index',
    'assignments-concentrated-details',
    'assignation-patient-index',
  ],
  vaccinations: [
    'vaccinations-index',
    'vaccinations-card',
    'vaccinations-register-vaccine',
    'vaccinations-register-vaccine-edit',
    'vaccinations-register-vaccine-second-dose',
  ],
  consultation: [
    'medical-consultation-create',
    'medical-consultation-edit',
    'covid-index',
    'covid-history',
    'covid-create',
  ],
  digitalRecord: [
    'digital-record-index',
    'periodic-exams-index',
    'periodic-exams-create',
    'periodic-exams-edit',
    'periodic-exams-view',
    'affected-systems-concentrated-index',
    'certificate-health-status-create',
    'certificate-health-status-edit',
    'certificate-health-status-view',
    'record-disabilities-index',
    'record-disabilities-create',
    'record-disabilities-edit',
    'record-disabilities-view',
    'record-disabilities-detail',
    'incident-report-st7-create',
    'incident-report-st7-edit',
    'incident-report-st7-view',
    'medical-exam-create',
    'medical-exam-edit',
    'medical-exam-detail',
    'patient-evolution-index',
    'clinical-history-create',
    'clinical-history-edit',
    'clinical-history-detail',
  ],
  video: ['video-call'],
  patientMode: [
    'patient-habits',
    'patient-incapacities',
    'patient-covid',
    'patient-evolution',
    'patient-blood-pressure',
    'patient-glucose',
    'patient-somatometry',
    'patient-nutrition',
  ],
} as const

const ACTIONS = ['list', 'view', 'create', 'edit', 'export', 'delete'] as const
const ACTION_FAMILIES = [
  'users',
  'profiles',
  'catalogues',
  'certificates',
  'disability',
  'st7',
  'admission-exam',
  'periodic-exam',
  'short-history',
] as const

type ActionPermission = `${(typeof ACTION_FAMILIES)[number]}.${(typeof ACTIONS)[number]}`

/** The action families of SPEC §6 and the other named grants. */
const OTHER_PERMISSIONS = {
  assignments: [
    'assignments.history',
    'assignments.create',
    'assignments.delete',
    'assignments.request-create',
    'assignments.request-cancel',
    'assignments.bulk-request',
    'assignments.concentrated-accept',
    'assignments.concentrated-refuse',
    'assignments.concentrated-export',
    'assignments.all',
    'assignments.assigned-filter',
  ],
  // A consultation is created and amended under its SPEC §2 route names; reading the history and
  // one consultation are grants of their own, so a profile may see notes it cannot write.
  clinical: ['consultation.sections', 'consultation.prescription', 'consultation.list', 'consultation.view'],
  tools: ['dashboard.view', 'data-mining.use', 'bulk-loads.use', 'audit.view'],
} as const

const familyActions = (family: (typeof ACTION_FAMILIES)[number]): ActionPermission[] =>
  ACTIONS.map((action): ActionPermission => `${family}.${action}`)

export const ACTION_PERMISSIONS: Record<string, readonly Permission[]> = {
  ...Object.fromEntries(ACTION_FAMILIES.map((family) => [family, familyActions(family)])),
  ...OTHER_PERMISSIONS,
}

/**
 * Grants that only the provider's own users hold, on the landlord host: the reference catalogs
 * are shared by every tenant, so no tenant profile may change them. They are not in
 * ALL_PERMISSIONS, the list a tenant profile chooses from.
 */
export const LANDLORD_ONLY_PERMISSIONS = ['catalogs.import'] as const

type RoutePermission = (typeof ROUTE_PERMISSIONS)[keyof typeof ROUTE_PERMISSIONS][number]
type OtherPermission = (typeof OTHER_PERMISSIONS)[keyof typeof OTHER_PERMISSIONS][number]
type LandlordOnlyPermission = (typeof LANDLORD_ONLY_PERMISSIONS)[number]
export type Permission = RoutePermission | ActionPermission | OtherPermission | LandlordOnlyPermission

export const ALL_PERMISSIONS: readonly Permission[] = [
  ...Object.values(ROUTE_PERMISSIONS).flat(),
  ...Object.values(ACTION_PERMISSIONS).flat(),
]

/** Whether a tenant profile may hold the permission. */
export function isPermission(name: string): name is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(name)
}

export function isLandlordOnlyPermission(name: string): name is LandlordOnlyPermission {
  return (LANDLORD_ONLY_PERMISSIONS as readonly string[]).includes(name)
}

/**
 * What being a patient grants (SPEC §1, §6): the own self-tracking screens. A user linked to a
 * patient record holds these whatever the profile says.
 */
export const PATIENT_MODE_PERMISSIONS: readonly Permission[] = [
  'patient-home',
  'patient-profile-edit',
  ...ROUTE_PERMISSIONS.patientMode,
]

/** Whether the permissions reach beyond the patient's own screens (a role mode exists). */
export const hasRoleMode = (permissions: readonly string[]) =>
  permissions.some((p) => !(PATIENT_MODE_PERMISSIONS as readonly string[]).includes(p))
