import type { PatientCharts } from '../../contract/rules/dashboard/patients'
import type { DashboardAnswers } from './dashboard-answers'

/** A patient a task names, and what is due. */
export interface TaskPatient {
  id: string
  name: string
  /** A disability's last day, for "disabilities ending". */
  end_date?: string
}

/** What is due today for the professional (SPEC §2 "tasks"), each list in the rule's order. */
export interface TasksView {
  periodic_exams_due: TaskPatient[]
  vaccinations_overdue: TaskPatient[]
  covid_follow_ups: TaskPatient[]
  disabilities_ending: TaskPatient[]
}

/** What the filters offer (`get-filters/dashboard`), named. */
export interface FilterChoices {
  subgroups: Array<{ id: string; name: string }>
  labels: Array<{ id: string; name: string; sublabels: Array<{ id: string; name: string }> }>
}

/** Everything the dashboard shows, whichever side counted it. */
export interface DashboardView {
  answers: DashboardAnswers
  /** The patient charts, from whichever side counted the rest. */
  patients: PatientCharts | null
  /** The professional's tasks (the device's: over the patients in their care). */
  tasks: TasksView | null
  choices: FilterChoices
}
