import type { DocumentLanguage } from './self-tracking-texts'

/** The words of the dashboard PDF in both languages: a plain table, as the server builds it too. */
export interface DashboardTexts {
  title: string
  /** The start of the file's name, before the DD_MM_YYYY stamp. */
  fileName: string
  period: (from: string | null, to: string | null) => string
  subgroup: string
  specialLabel: string
  sublabel: string
  asOf: (day: string) => string
  patients: string
  consultations: string
  doses: string
  days: string
  name: string
  code: string
  month: string
  none: string
  periodicExams: string
  examBuckets: { applied: string; due_soon: string; expired: string; never_examined: string }
  vaccinations: string
  vaccine: string
  schemeComplete: string
  schemeIncomplete: string
  overdue: string
  covid: string
  status: string
  total: string
  pregnancy: string
  pregnancyLabelled: string
  pregnancyReported: string
  specialLabels: string
  label: string
  topDiagnoses: string
  topAffectedSystems: string
  affectedSystems: string
  affectedSystem: string
  lostDays: string
  lostDaysTotal: string
  patientsWithLostDays: string
  disabilityType: string
}

const es: DashboardTexts = {
  title: 'Tablero',
  fileName: 'tablero',
  period: (from, to) =>
    from && to
      ? `Periodo: ${from} a ${to}`
      : from
        ? `Periodo: desde ${from}`
        : to
          ? `Periodo: hasta ${to}`
          : 'Periodo: todo',
  subgroup: 'Subgrupo',
  specialLabel: 'Etiqueta especial',
  sublabel: 'Subetiqueta',
  asOf: (day) => `Estado al ${day}`,
  patients: 'Pacientes',
  consultations: 'Consultas',
  doses: 'Dosis',
  days: 'Días',
  name: 'Nombre',
  code: 'Código',
  month: 'Mes',
  none: 'Sin datos en el periodo.',
  periodicExams: 'Exámenes periódicos',
  examBuckets: {
    applied: 'Aplicados',
    due_soon: 'Por vencer en los próximos 10 días',
    expired: 'Vencidos',
    never_examined: 'Sin examen',
  },
  vaccinations: 'Vacunación',
  vaccine: 'Vacuna',
  schemeComplete: 'Esquema completo',
  schemeIncomplete: 'Esquema incompleto',
  overdue: 'Con dosis vencidas',
  covid: 'COVID',
  status: 'Estatus',
  total: 'Total',
  pregnancy: 'Embarazo',
  pregnancyLabelled: 'Con etiqueta de embarazo',
  pregnancyReported: 'Reportado en triage',
  specialLabels: 'Etiquetas especiales',
  label: 'Etiqueta',
  topDiagnoses: 'Top 5 diagnósticos',
  topAffectedSystems: 'Top 5 sistemas afectados',
  affectedSystems: 'Sistemas afectados por periodo',
  affectedSystem: 'Sistema afectado',
  lostDays: 'Días perdidos',
  lostDaysTotal: 'Días perdidos en el periodo',
  patientsWithLostDays: 'Pacientes con días perdidos',
  disabilityType: 'Tipo de incapacidad',
}

const en: DashboardTexts = {
  title: 'Dashboard',
  fileName: 'dashboard',
  period: (from, to) =>
    from && to
      ? `Period: ${from} to ${to}`
      : from
        ? `Period: from ${from}`
        : to
          ? `Period: until ${to}`
          : 'Period: all',
  subgroup: 'Subgroup',
  specialLabel: 'Special label',
  sublabel: 'Sublabel',
  asOf: (day) => `As of ${day}`,
  patients: 'Patients',
  consultations: 'Consultations',
  doses: 'Doses',
  days: 'Days',
  name: 'Name',
  code: 'Code',
  month: 'Month',
  none: 'No data in the period.',
  periodicExams: 'Periodic exams',
  examBuckets: {
    applied: 'Applied',
    due_soon: 'Due within the next 10 days',
    expired: 'Expired',
    never_examined: 'Never examined',
  },
  vaccinations: 'Vaccinations',
  vaccine: 'Vaccine',
  schemeComplete: 'Complete scheme',
  schemeIncomplete: 'Incomplete scheme',
  overdue: 'With overdue doses',
  covid: 'COVID',
  status: 'Status',
  total: 'Total',
  pregnancy: 'Pregnancy',
  pregnancyLabelled: 'With a pregnancy label',
  pregnancyReported: 'Reported at triage',
  specialLabels: 'Special labels',
  label: 'Label',
  topDiagnoses: 'Top 5 diagnoses',
  topAffectedSystems: 'Top 5 affected systems',
  affectedSystems: 'Affected systems by period',
  affectedSystem: 'Affected system',
  lostDays: 'Lost days',
  lostDaysTotal: 'Days lost in the period',
  patientsWithLostDays: 'Patients with lost days',
  disabilityType: 'Disability type',
}

export const dashboardTexts: Record<DocumentLanguage, DashboardTexts> = { es, en }
