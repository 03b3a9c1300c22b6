/** A special label of the tenant's catalogue with its live sublabels, in the catalogue's order. */
export interface DashboardLabel {
  id: string
  icon: string
  sublabels: ReadonlyArray<{ id: string }>
}

export interface SublabelCount {
  sublabel_id: string
  patients: number
}

export interface SpecialLabelCount {
  label_id: string
  /** Patients carrying any of its sublabels (a patient with two of them counts once). */
  patients: number
  sublabels: SublabelCount[]
}

/**
 * SPEC §2 "special labels" (`GET /special-labels{query}`): how many patients in scope carry each
 * live label and sublabel, in the catalogue's order, labels nobody carries included (at 0) so the
 * chart keeps its legend. Sublabels of a deleted label or deleted sublabels a patient still
 * carries (decision 0015) count nowhere. The period does not apply: a label is a state of now.
 */
export function specialLabelCounts(
  labels: readonly DashboardLabel[],
  patients: ReadonlyArray<{ id: string; special_sublabel_ids: readonly string[] }>,
  scope: ReadonlySet<string>,
): SpecialLabelCount[] {
  const carriers = new Map<string, number>()
  const labelOf = new Map<string, string>()
  for (const label of labels) for (const sublabel of label.sublabels) labelOf.set(sublabel.id, label.id)
  const labelCarriers = new Map<string, number>()
  for (const patient of patients) {
    if (!scope.has(patient.id)) continue
    const seen = new Set<string>()
    for (const id of new Set(patient.special_sublabel_ids)) {
      const label = labelOf.get(id)
      if (label === undefined) continue
      carriers.set(id, (carriers.get(id) ?? 0) + 1)
      seen.add(label)
    }
    for (const label of seen) labelCarriers.set(label, (labelCarriers.get(label) ?? 0) + 1)
  }
  return labels.map((label) => ({
    label_id: label.id,
    patients: labelCarriers.get(label.id) ?? 0,
    sublabels: label.sublabels.map((sublabel) => ({
      sublabel_id: sublabel.id,
      patients: carriers.get(sublabel.id) ?? 0,
    })),
  }))
}
