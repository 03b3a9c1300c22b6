import { useLingui } from '@lingui/react/macro'
import type { AgeBand, ChartSex, PatientCharts } from '../../contract/rules/dashboard/patients'
import { CHART_SEXES } from '../../contract/rules/dashboard/patients'
import { CountList, type CountRow, DashboardCard, LazyChart } from './DashboardCard'
import type { DashboardAnswers } from './dashboard-answers'
import { type ListAccess, patientsLink, sublabelLink } from './dashboard-links'

/** SPEC §2 "patient charts": the patients the figures count over, by sex and by age. */
export function PatientsCard({ charts, access }: { charts: PatientCharts; access: ListAccess }) {
  const { t } = useLingui()
  const sexNames: Record<ChartSex, string> = {
    female: t`Mujeres`,
    male: t`Hombres`,
    intersex: t`Intersexuales`,
    unrecorded: t`Sin registro`,
  }
  const bandNames: Record<AgeBand, string> = {
    under_20: t`Menos de 20`,
    '20_29': t`20 a 29`,
    '30_39': t`30 a 39`,
    '40_49': t`40 a 49`,
    '50_59': t`50 a 59`,
    '60_plus': t`60 o más`,
    unrecorded: t`Sin fecha de nacimiento`,
  }
  const sexes = CHART_SEXES.filter((sex) => sex !== 'unrecorded' || charts.by_sex.unrecorded > 0)
  const bands = charts.by_age.filter((row) => row.band !== 'unrecorded' || row.patients > 0)
  return (
    <DashboardCard title={t`Pacientes`}>
      <CountList
        rows={[
          { key: 'total', label: t`Pacientes en el tablero`, count: charts.total, to: patientsLink(access) },
          ...sexes.map((sex) => ({
            key: sex,
            label: sexNames[sex],
            count: charts.by_sex[sex],
            nested: true,
          })),
        ]}
        label={t`Pacientes por sexo`}
      />
      <h3 className="dashboard-card__subtitle">{t`Por edad`}</h3>
      <LazyChart
        kind="bar"
        labels={bands.map((row) => bandNames[row.band])}
        series={[{ label: t`Pacientes`, values: bands.map((row) => row.patients) }]}
      />
      <CountList
        rows={bands.map((row) => ({ key: row.band, label: bandNames[row.band], count: row.patients }))}
        label={t`Pacientes por edad`}
      />
    </DashboardCard>
  )
}

/** A sublabel's figure, opening the patient list filtered by it (and the subgroup). */
const sublabelRow =
  (access: ListAccess) =>
  (row: { sublabel_id: string; name: string; patients: number }): CountRow => ({
    key: row.sublabel_id,
    label: row.name,
    count: row.patients,
    nested: true,
    to: sublabelLink(access, row.sublabel_id),
  })

/** SPEC §2 "pregnancy": pregnant patients today, by label (trimester) or reported at triage. */
export function PregnancyCard({
  pregnancy,
  access,
}: {
  pregnancy: DashboardAnswers['specialLabels']['pregnancy']
  access: ListAccess
}) {
  const { t } = useLingui()
  return (
    <DashboardCard title={t`Embarazo`}>
      <CountList
        rows={[
          { key: 'total', label: t`Pacientes embarazadas`, count: pregnancy.total },
          { key: 'labelled', label: t`Con etiqueta de embarazo`, count: pregnancy.labelled },
          ...pregnancy.sublabels.map(sublabelRow(access)),
          { key: 'triage', label: t`Reportado en el triage`, count: pregnancy.reported_at_triage },
        ]}
        label={t`Pacientes embarazadas`}
      />
    </DashboardCard>
  )
}

/** SPEC §2 "special labels": patients carrying each label and sublabel today. */
export function SpecialLabelsCard({
  labels,
  access,
}: {
  labels: DashboardAnswers['specialLabels']['labels']
  access: ListAccess
}) {
  const { t } = useLingui()
  return (
    <DashboardCard title={t`Etiquetas especiales`}>
      {labels.length === 0 ? (
        <p className="dashboard-card__empty">{t`La organización no tiene etiquetas especiales.`}</p>
      ) : (
        <>
          <CountList
            rows={labels.flatMap((label) => [
              { key: label.label_id, label: label.name, count: label.patients },
              ...label.sublabels.map(sublabelRow(access)),
            ])}
            label={t`Pacientes por etiqueta especial`}
          />
          <LazyChart
            kind="bar"
            horizontal
            labels={labels.map((label) => label.name)}
            series={[{ label: t`Pacientes`, values: labels.map((label) => label.patients) }]}
          />
        </>
      )}
    </DashboardCard>
  )
}
