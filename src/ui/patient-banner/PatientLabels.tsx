import { useLingui } from '@lingui/react/macro'
import { useSpecialLabels } from '../../catalogs/use-catalog'
import { SPECIAL_LABEL_COLORS, SPECIAL_LABEL_ICONS } from '../../contract/schemas/special-labels'
import { LabelChip } from '../LabelChip'

/**
 * The special labels the patient carries, from the device's copy of the catalogue: each
 * sublabel with its label's colour and icon. A sublabel the catalogue no longer has is not shown.
 */
export function PatientLabels({ sublabelIds }: { sublabelIds: readonly string[] }) {
  const { t } = useLingui()
  const labels = useSpecialLabels()
  const carried = (labels ?? []).flatMap((label) =>
    label.sublabels
      .filter((sublabel) => sublabelIds.includes(sublabel.id))
      .map((sublabel) => ({ label, sublabel })),
  )
  if (carried.length === 0) return null
  return (
    <ul className="record-banner__labels" aria-label={t`Etiquetas especiales`}>
      {carried.map(({ label, sublabel }) => (
        <li key={sublabel.id}>
          <LabelChip
            color={
              SPECIAL_LABEL_COLORS[label.color as keyof typeof SPECIAL_LABEL_COLORS] ??
              SPECIAL_LABEL_COLORS.gray
            } // an unknown code shows gray
            glyph={SPECIAL_LABEL_ICONS[label.icon as keyof typeof SPECIAL_LABEL_ICONS] ?? '•'} // and no icon
            text={`${label.name}: ${sublabel.name}`}
          />
        </li>
      ))}
    </ul>
  )
}
