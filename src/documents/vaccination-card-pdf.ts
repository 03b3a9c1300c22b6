import { ageOn } from '../contract/rules/age'
import { documentBytes, drawLetterhead, drawPageFrames, openDocument, writeTitle } from './consultation-page'
import { type Flow, writeColumns, writeHeading, writeParagraph, writeTable } from './pdf-flow'
import type { CardDose, CardVaccine, VaccinationCardInput } from './vaccination-card'
import { type VaccinationTexts, vaccinationTexts } from './vaccination-texts'

const BODY = { fontSize: 10 }

/** YYYY/MM/DD of a plain day, as SPEC §9 prints dates. */
const day = (iso: string) => iso.slice(0, 10).replaceAll('-', '/')

/**
 * The patient's vaccination card (issue 21; `GET /vaccination/user/pdf` returns the same): the
 * letterhead; who it is; the scheme's status on the day (SPEC §4 complete or incomplete) with the
 * overdue doses counted; then each vaccine with its doses (number, date, folio, lot, booster,
 * abroad and where, adverse reactions) and its next due dose and date, an overdue one marked.
 * Plain text and tables only: it is built on the device, offline, within DESIGN §7's 300 ms.
 */
export function buildVaccinationCardPdf(original: VaccinationCardInput): {
  bytes: Uint8Array
  fileName: string
} {
  const texts = vaccinationTexts[original.language]
  const { flow, texts: shared, input } = openDocument(original, 'vaccination-card', texts.title)
  drawLetterhead(flow, input.tenant)
  writeTitle(flow, texts.title)
  const { patient } = input
  writeColumns(flow, [`${shared.patient}: ${patient.name}`], BODY)
  writeColumns(
    flow,
    [
      patient.birth_date ? shared.age(ageOn(patient.birth_date, input.today)) : '',
      patient.sex ? `${shared.sex}: ${patient.sex}` : '',
      patient.curp ? `${shared.curp}: ${patient.curp}` : '',
    ].filter(Boolean),
    BODY,
  )
  if (patient.payroll_number) writeColumns(flow, [`${texts.payrollNumber}: ${patient.payroll_number}`], BODY)
  flow.y += 2
  const status = `${texts.schemeStatus}: ${texts.statuses[input.status]} · ${texts.statusOn(day(input.today))}`
  writeParagraph(flow, status, { fontSize: 11, bold: true })
  if (input.overdue_count > 0) writeParagraph(flow, `${texts.overdue}: ${input.overdue_count}`, BODY)
  if (!input.vaccines.some((vaccine) => vaccine.applies)) writeParagraph(flow, texts.nothingApplies, BODY)
  for (const vaccine of input.vaccines) writeVaccine(flow, vaccine, texts)
  drawPageFrames(flow, `${texts.title} · ${patient.name} · ${day(input.today)}`, input)
  return { bytes: documentBytes(flow), fileName: vaccinationCardFileName(input) }
}

const doseLabel = (
  dose: { dose_number: number; booster: boolean },
  series: number,
  texts: VaccinationTexts,
) => (dose.booster ? texts.boosterDose(dose.dose_number) : texts.doseOf(dose.dose_number, series))

/** What else a dose carries: a booster, abroad and where, a dose given before its interval. */
function remarksOf(dose: CardDose, texts: VaccinationTexts): string {
  return [
    dose.booster ? texts.booster : '',
    dose.abroad_country !== null ? texts.abroadIn(dose.abroad_country) : '',
    dose.early ? texts.earlyDose : '',
  ]
    .filter(Boolean)
    .join('; ')
}

/** One vaccine: where the series stands, what is due next (overdue marked) and the doses given. */
function writeVaccine(flow: Flow, vaccine: CardVaccine, texts: VaccinationTexts) {
  writeHeading(flow, vaccine.disease ? `${vaccine.name} (${vaccine.disease})` : vaccine.name)
  if (!vaccine.applies) {
    writeParagraph(flow, texts.notInScheme, BODY)
  } else {
    writeParagraph(flow, texts.seriesGiven(vaccine.series_given, vaccine.series_doses), BODY)
    if (vaccine.next) {
      const next = texts.nextDue(
        doseLabel(vaccine.next, vaccine.series_doses, texts),
        day(vaccine.next.due_date),
      )
      writeParagraph(flow, next, { ...BODY, bold: vaccine.overdue })
      if (vaccine.overdue)
        writeParagraph(flow, texts.overdueSince(day(vaccine.next.due_date)), { ...BODY, bold: true })
    } else {
      writeParagraph(flow, texts.seriesDone, BODY)
    }
  }
  if (vaccine.doses.length === 0) {
    writeParagraph(flow, texts.noDoses, BODY)
    return
  }
  flow.y += 1
  writeTable(flow, {
    headings: [texts.dose, texts.date, texts.folio, texts.lot, texts.remarks],
    widths: [2.6, 2.2, 2.4, 2, 5],
    rows: vaccine.doses.map((dose) => [
      doseLabel(dose, vaccine.series_doses, texts),
      day(dose.applied_on),
      dose.folio ?? '',
      dose.lot ?? '',
      remarksOf(dose, texts),
    ]),
  })
  const reactions = vaccine.doses.flatMap((dose) =>
    dose.adverse_reactions.map((reaction) => {
      const line = texts.reaction(day(reaction.date), reaction.time ?? null, reaction.symptoms)
      const comments = reaction.comments ? ` ${texts.comments}: ${reaction.comments}` : ''
      return `${doseLabel(dose, vaccine.series_doses, texts)} · ${line}.${comments}`
    }),
  )
  if (reactions.length > 0) {
    flow.y += 1.5
    writeParagraph(flow, texts.adverseReactions, { ...BODY, bold: true })
    for (const reaction of reactions) writeParagraph(flow, reaction, { ...BODY, indent: 3 })
  }
}

/** The card's file name: the document and the day it shows (SPEC §7: DD_MM_YYYY). */
export function vaccinationCardFileName(input: Pick<VaccinationCardInput, 'language' | 'today'>): string {
  return `${vaccinationTexts[input.language].cardFileName}_${input.today.split('-').reverse().join('_')}.pdf`
}
